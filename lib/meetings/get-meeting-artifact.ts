import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { ARTIFACT_HTML_POLICY, ARTIFACT_TYPES, readArtifact } from "./meeting-artifacts.ts";

// GET /api/meetings/{id}/artifacts/{file}: a failure's screenshot or page HTML (lib/meetings/
// meeting-artifacts.ts), for the meeting's owner only; anyone else's meeting, a name that is not an
// artifact's and a file that is gone are all "not found". The HTML is a meeting client's page as
// the bot saw it, so it is served sandboxed: no script runs, nothing loads, on our origin (proxy.ts
// puts the same policy on this path).

export async function getMeetingArtifact(userId: string, meetingId: string, file: string): Promise<Response> {
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId }, select: { id: true } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const artifact = await readArtifact(meeting.id, file);
  if (!artifact) throw new AppError("not_found", "Artifact not found");
  const { kind, body } = artifact;
  const headers: Record<string, string> = {
    "content-type": ARTIFACT_TYPES[kind],
    "content-disposition": `inline; filename="${file}"`,
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  };
  if (kind === "html") headers["content-security-policy"] = ARTIFACT_HTML_POLICY;
  return new Response(new Uint8Array(body), { headers });
}
