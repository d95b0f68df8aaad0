import { test, expect, signalWorkerOf, topUp } from "../fixtures";
import { agentInRoom, details, personJoins, waitFor } from "../support/agent-room";
import { E2E } from "../support/ports";
import { control, speechWav, TEXT } from "../support/voice";

// Recordings under a crash (docs/recordings.md): the worker SIGKILLed mid-meeting loses at most a few
// seconds of the recording. Chunks are appended to storage every 2 s as they come; the lost meeting's
// part is sealed (its duration written) when the meeting is failed, and it plays on the meeting page.

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await control("reset");
  await control("set", { defaultTranscript: TEXT.agenda });
});

interface RecordingDto {
  status: string;
  durationSeconds: number;
  parts: { url: string; durationMs: number }[];
}

test("the worker killed (SIGKILL) mid-meeting: the recording keeps all but the last few seconds, and plays", async ({ signedIn: page }) => {
  test.setTimeout(240_000);
  await topUp(page.request, 10);
  const { room, meetingId } = await agentInRoom(page, { recordMeetings: true });
  const person = await personJoins(room.url, speechWav([2500, "hey-cohost-agenda.wav", 9000], { loop: true }));
  let killedAt = 0;
  try {
    // A good stretch recorded: the agent has answered at least once.
    await waitFor(page.request, meetingId, "an answer", (d) => d.transcript.some((s) => s.isAgent && !s.text.includes("recorded")), 90_000);
    killedAt = await signalWorkerOf(meetingId, "SIGKILL");
    await waitFor(page.request, meetingId, "the lost meeting to fail", (d) => d.status === "failed", 90_000);
  } finally {
    await person.browser.close();
  }
  const d = await details(page.request, meetingId);
  const admittedAt = Date.parse(d.events.find((e) => e.toStatus === "in_progress")!.createdAt);
  const recording = (d as unknown as { recording: RecordingDto }).recording;
  expect(recording.status).toBe("ready");
  const inCallSeconds = (killedAt - admittedAt) / 1000;
  expect(inCallSeconds).toBeGreaterThan(8);
  // At most a few seconds lost: the chunk being made (2 s) and the one on its way.
  expect(recording.durationSeconds).toBeGreaterThan(inCallSeconds - 5);
  expect(recording.durationSeconds).toBeLessThanOrEqual(inCallSeconds + 1);

  // What was kept plays in the meeting page's player at that length.
  await page.goto(`/meetings/${meetingId}/details`);
  const player = page.getByLabel("Recording of the meeting");
  await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.duration), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(Math.abs((await player.evaluate((el: HTMLAudioElement) => el.duration)) - recording.durationSeconds)).toBeLessThan(1.5);
});
