import fs from "node:fs/promises";
import path from "node:path";
import { ARTIFACT_FILE, ARTIFACT_TYPES, artifactFolder } from "../bots/failure-artifacts.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { ARTIFACT_HTML_POLICY } from "../http/security-headers.ts";

// GET /api/meetings/{id}/artifacts/{file}: a failure's screenshot or page HTML (lib/bots/
// failure-artifacts.ts), for the meeting's owner only; anyone else's meeting, a name that is not an
// artifact's and a file that is gone are all "not found". The HTML is a meeting client's page as
// the bot saw it, so it is served sandboxed: no script runs, nothing loads, on our origin (proxy.ts
// puts the same policy on this path).

export async function getMeetingArtifact(userId: string, meetingId: string, file: string): Promise<Response> {
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId }, select: { id: true } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const kind = ARTIFACT_FILE.exec(file)?.[2] as keyof typeof ARTIFACT_TYPES | undefined;
  if (!kind) throw new AppError("not_found", "Artifact not found");
  let body: Buffer;
  try {
    body = await fs.readFile(path.join(artifactFolder(meeting.id), file));
  } catch {
    throw new AppError("not_found", "Artifact not found");
  }
  const headers: Record<string, string> = {
    "content-type": ARTIFACT_TYPES[kind],
    "content-disposition": `inline; filename="${file}"`,
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  };
  if (kind === "html") headers["content-security-policy"] = ARTIFACT_HTML_POLICY;
  return new Response(new Uint8Array(body), { headers });
}
