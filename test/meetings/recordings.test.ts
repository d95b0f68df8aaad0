import { describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as recordingRoute } from "@/app/api/meetings/[id]/recording/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { GET as storageRoute } from "@/app/api/storage/[...key]/route";
import { db } from "@/lib/db/client";
import { expireRecordings } from "@/lib/meetings/expire-recordings";
import { recordingKey, recordingPrefix } from "@/lib/meetings/recording-parts";
import { finishRecording, saveRecordingProgress, startRecordingPart } from "@/lib/meetings/recording-writes";
import { openStorage } from "@/lib/storage/open-storage";
import { call } from "../http.ts";
import { MEET_URL, userWithAgent } from "./fixtures.ts";

// Recordings on the server side (docs/recordings.md): what a bot writes as it records, the owner-only
// API with signed URLs (another user 404, a changed or expired URL 403), Delete recording, and the
// daily retention job. The bot's page side is test/bots/bridge.test.ts; the whole path e2e/recordings.spec.ts.

const DAY = 86_400_000;

async function recordedMeeting(owner: Awaited<ReturnType<typeof userWithAgent>>, audio = Buffer.from("0123456789abcdef")) {
  const res = await call(joinRoute, { headers: owner.headers, body: { agentId: owner.agent.id, meetingUrl: MEET_URL } });
  const id = res.body.id as string;
  await db.meeting.update({ where: { id }, data: { status: "completed", startedAt: new Date(Date.now() - 60_000), endedAt: new Date() } });
  const part = await startRecordingPart({ id, userId: owner.user.id });
  expect(part).toBe(0);
  // Two chunks as a bot appends them, the part's progress saved with each.
  await openStorage().append(recordingKey(id, 0), 0, audio.subarray(0, 8));
  await saveRecordingProgress(id, 0, { durationMs: 2000, bytes: 8 });
  await openStorage().append(recordingKey(id, 0), 1, audio.subarray(8));
  await saveRecordingProgress(id, 0, { durationMs: 4000, bytes: audio.length });
  await finishRecording(id);
  return id;
}

/** Reads a signed local URL through the storage route, as the browser's audio element does. */
async function fetchSigned(url: string, headers: Record<string, string> = {}) {
  const key = new URL(url).pathname.replace(/^\/api\/storage\//, "").split("/");
  return storageRoute(new Request(url, { headers }), { params: Promise.resolve({ key }) });
}

describe("recordings", () => {
  it("are ready when the meeting ends, say so to webhooks, and play for their owner only through signed URLs", async () => {
    const owner = await userWithAgent();
    const id = await recordedMeeting(owner);
    const event = await db.apiEvent.findFirst({ where: { meetingId: id, type: "recording.ready" } });
    expect(event?.data).toMatchObject({ meetingId: id, durationSeconds: 4, sizeBytes: 16, parts: 1 });

    const res = await call(recordingRoute, { headers: owner.headers, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ready", durationSeconds: 4, sizeBytes: 16, deletedAt: null });
    expect(res.body.parts).toHaveLength(1);
    // Kept 30 days by default.
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(29 * DAY);
    const url = res.body.parts[0].url as string;

    const whole = await fetchSigned(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/webm");
    expect(await whole.text()).toBe("0123456789abcdef");
    const ranged = await fetchSigned(url, { range: "bytes=4-7" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 4-7/16");
    expect(await ranged.text()).toBe("4567");
    // A changed signature, and a URL signed for another object, are refused.
    expect((await fetchSigned(url.replace(/signature=.{4}/, "signature=AAAA"))).status).toBe(403);
    expect((await fetchSigned(url.replace(`${id}/1.webm`, `${id}/2.webm`))).status).toBe(403);
    // Expired: signed an hour ago for a minute.
    const old = await openStorage().signedUrl(recordingKey(id, 0), 60, new Date(Date.now() - 3600_000));
    expect((await fetchSigned(old)).status).toBe(403);

    // Someone else: as if there were no recording.
    const stranger = await userWithAgent();
    expect((await call(recordingRoute, { headers: stranger.headers, params: { id } })).status).toBe(404);
    expect((await call(deleteRoute, { method: "DELETE", headers: stranger.headers, params: { id } })).status).toBe(404);
    expect(await db.recording.findUnique({ where: { meetingId: id }, select: { status: true } })).toEqual({ status: "ready" });
  });

  it("stays open for the next part while its meeting is live again (a restart), and gets a part per run", async () => {
    const owner = await userWithAgent();
    const id = await recordedMeeting(owner);
    await db.recording.update({ where: { meetingId: id }, data: { status: "recording", readyAt: null } });
    await db.meeting.update({ where: { id }, data: { status: "in_progress", endedAt: null } });
    await finishRecording(id);
    expect((await db.recording.findUniqueOrThrow({ where: { meetingId: id } })).status).toBe("recording");
    expect(await startRecordingPart({ id, userId: owner.user.id })).toBe(1);
  });

  it("Delete recording removes the audio and the meeting says it was deleted", async () => {
    const owner = await userWithAgent();
    const id = await recordedMeeting(owner);
    const url = (await call(recordingRoute, { headers: owner.headers, params: { id } })).body.parts[0].url as string;
    expect((await call(deleteRoute, { method: "DELETE", headers: owner.headers, params: { id } })).status).toBe(200);
    expect(await openStorage().list(recordingPrefix(id))).toEqual([]);
    expect((await fetchSigned(url)).status).toBe(404);
    const after = await call(recordingRoute, { headers: owner.headers, params: { id } });
    expect(after.body).toMatchObject({ status: "deleted", deletedReason: "user", parts: [], expiresAt: null });
    expect(await db.apiEvent.findFirst({ where: { meetingId: id, type: "recording.deleted" }, select: { data: true } })).toEqual({ data: expect.objectContaining({ reason: "user" }) });
  });

  it("the daily job deletes recordings past their account's retention, keeps the rest, and finishes ones a crash left open", async () => {
    const owner = await userWithAgent();
    const expired = await recordedMeeting(owner);
    const recent = await recordedMeeting(owner);
    await db.recording.update({ where: { meetingId: expired }, data: { readyAt: new Date(Date.now() - 31 * DAY) } });
    await db.recording.update({ where: { meetingId: recent }, data: { readyAt: new Date(Date.now() - 29 * DAY) } });
    // Another account keeps its recordings until deleted.
    const keeper = await userWithAgent();
    await db.user.update({ where: { id: keeper.user.id }, data: { recordingRetentionDays: null } });
    const kept = await recordedMeeting(keeper);
    await db.recording.update({ where: { meetingId: kept }, data: { readyAt: new Date(Date.now() - 400 * DAY) } });
    // A bot that crashed mid-recording, its meeting over long since: the part it wrote is kept.
    const crashed = await recordedMeeting(keeper);
    await db.recording.update({ where: { meetingId: crashed }, data: { status: "recording", readyAt: null } });
    await db.meeting.update({ where: { id: crashed }, data: { endedAt: new Date(Date.now() - 2 * 3600_000) } });

    await expireRecordings();
    const status = async (meetingId: string) => (await db.recording.findUniqueOrThrow({ where: { meetingId } })).status;
    expect(await status(expired)).toBe("deleted");
    expect(await openStorage().list(recordingPrefix(expired))).toEqual([]);
    const said = await call(recordingRoute, { headers: owner.headers, params: { id: expired } });
    expect(said.body).toMatchObject({ status: "deleted", deletedReason: "retention" });
    expect(await db.apiEvent.count({ where: { meetingId: expired, type: "recording.deleted" } })).toBe(1);
    expect(await status(recent)).toBe("ready");
    expect(await status(kept)).toBe("ready");
    expect(await status(crashed)).toBe("ready");
    expect(await openStorage().list(recordingPrefix(kept))).toEqual([recordingKey(kept, 0)]);
  });
});
