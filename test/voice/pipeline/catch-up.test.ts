import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CAUGHT_UP_LAG_MS } from "../../../lib/voice/pipeline/tuning.ts";
import { startVoiceFakes, type VoiceFakes } from "../../fakes/voice/server.ts";
import { Meeting, type AgentSetup } from "./meeting.ts";
import { SPEECH, speechSamples } from "./speech.ts";

// A session that falls behind the meeting's audio (its worker starved of CPU) skips the stale audio
// and catches up, instead of answering questions long after they were asked (docs/voice.md,
// "Catching up"). Lateness is on the session clock: frames stamped with their capture time arrive
// after the clock has moved on; nothing here depends on wall-clock time.
let fakes: VoiceFakes;
const meetings: Meeting[] = [];

beforeAll(async () => {
  fakes = await startVoiceFakes();
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(() => fakes.close());
afterEach(async () => {
  await Promise.all(meetings.splice(0).map((m) => m.session.stop()));
  fakes.reset();
});

async function meeting(setup: AgentSetup = {}): Promise<Meeting> {
  const m = new Meeting(fakes, setup);
  meetings.push(m);
  await m.session.start();
  m.session.setParticipantName("alice", "Alice");
  return m;
}

const chatRequests = () => fakes.requests.filter((r) => r.surface === "chat");
const lastChatMessages = () => (chatRequests().at(-1)!.body as { messages: { role: string; content: string }[] }).messages;
const silence = (ms: number) => new Int16Array(16 * ms);
/** The session's audio_skipped lines (one per episode of catching up). */
const skippedLines = (m: Meeting) => m.lines.filter((l) => l.event === "audio_skipped") as unknown as { skippedMs: number; fromAt: number; toAt: number }[];
/** What the people said, as the session transcribed it. */
const heard = (m: Meeting) => m.transcript.filter((s) => !s.isAgent).map((s) => s.text);

function join(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `fixture` followed by silence, `ms` long in all. */
function padded(fixture: string, ms: number): Int16Array {
  const speech = speechSamples(fixture);
  return join(speech, silence(ms - speech.length / 16));
}

describe("catching up", () => {
  it("skips audio that arrives far behind, says so once, and answers the next turn as usual", async () => {
    const m = await meeting();
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text], ai: ["Budget, then the launch."] });
    await m.silence(500);
    // Five seconds of the meeting, a question in them, arrive at once, the oldest 5 s late.
    const capturedAt = m.clock;
    await m.backlog(padded("seventeen-times-twenty-three", 5000), "alice");

    // Frames later than CAUGHT_UP_LAG_MS (20 ms apart, the last one 20 ms late) were dropped unheard,
    // with whatever of the earlier silence the VAD had not scored yet.
    const [line] = skippedLines(m);
    expect(line).toEqual({ event: "audio_skipped", level: "warn", skippedMs: expect.any(Number), lagMs: 5000, fromAt: expect.any(Number), toAt: capturedAt + 5000 - CAUGHT_UP_LAG_MS, turnLost: true, caughtUp: true });
    expect(line.fromAt).toBeLessThanOrEqual(capturedAt);
    expect(line.skippedMs).toBe(line.toAt - line.fromAt);
    // The people in the call learn that something may have been missed; never any words.
    expect(m.of("unanswered")).toEqual([{ type: "unanswered", reason: "behind", text: "" }]);

    // Caught up: the next question is heard and answered, and the skipped one is nowhere.
    await m.speak("hey-cohost-agenda", "alice");
    expect((await m.reply()).text).toBe("Budget, then the launch.");
    expect(heard(m)).toEqual([SPEECH["hey-cohost-agenda"].text]);
    expect(chatRequests()).toHaveLength(1);
    expect(JSON.stringify(lastChatMessages())).not.toContain("seventeen");
    expect(m.lines.filter((l) => l.event === "user_turn").map((l) => l.outcome)).toEqual(["answered"]);
    expect(skippedLines(m)).toHaveLength(1);
    expect(JSON.stringify(skippedLines(m))).not.toContain("seventeen");
  });

  it("abandons the turn it was hearing when it falls behind, on a new STT stream, and answers the next one", async () => {
    const m = await meeting();
    const question = SPEECH["hey-cohost-agenda"].text;
    // The fake STT takes a transcript when it hears speech start: the abandoned turn may take one.
    fakes.script({ stt: [question, question], ai: ["Budget, then the launch."] });
    const samples = speechSamples("hey-cohost-agenda");
    const cut = 16 * 1800;
    await m.feed(samples.subarray(0, cut), "alice");
    // The rest of the question and what follows arrive 4 s late.
    await m.backlog(join(samples.subarray(cut), silence(4000 - (samples.length - cut) / 16)), "alice");

    const [line] = skippedLines(m);
    expect(line).toMatchObject({ lagMs: 4000, turnLost: true, caughtUp: true });
    expect(line.skippedMs).toBeGreaterThanOrEqual(4000 - CAUGHT_UP_LAG_MS);
    expect(m.of("unanswered")).toEqual([{ type: "unanswered", reason: "behind", text: "" }]);
    // The half-heard turn is logged as lost to falling behind (never with its words).
    expect(m.lines.filter((l) => l.event === "user_turn")).toEqual([expect.objectContaining({ outcome: "behind", words: expect.any(Number) })]);
    await m.silence(1000);
    await m.speak("hey-cohost-agenda", "alice");
    expect((await m.reply()).text).toBe("Budget, then the launch.");
    expect(heard(m)).toEqual([question]);
    expect(chatRequests()).toHaveLength(1);
    expect(lastChatMessages().filter((msg) => msg.role === "user").map((msg) => msg.content)).toEqual([`Alice: ${question}`]);
    expect(m.of("unanswered")).toHaveLength(1);
    // Its STT stream went with it (whatever that still transcribed did not become a turn): one more.
    expect(fakes.requests.filter((r) => r.surface === "listen")).toHaveLength(2);
  });

  it("skips the VAD's own backlog when scoring falls behind, though the audio arrived in time", async () => {
    const m = await meeting();
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text], ai: ["Budget, then the launch."] });
    // A second of silence arrives on time, then the worker stalls for 3 s before the VAD scores it.
    const capturedAt = m.clock;
    for (let ms = 0; ms < 1000; ms += 20) m.session.pushAudio({ samples: silence(20), sampleRate: 16_000, timeMs: capturedAt + ms });
    m.clock += 4000;
    // The VAD's turn comes (its queue is scored after the current task).
    await new Promise((resolve) => setImmediate(resolve));
    await m.silence(100);

    expect(skippedLines(m)).toEqual([{ event: "audio_skipped", level: "warn", skippedMs: 1000, lagMs: 4000, fromAt: capturedAt, toAt: capturedAt + 1000, turnLost: false, caughtUp: true }]);
    // Nothing was said in it: nobody is told a turn was lost.
    expect(m.of("unanswered")).toEqual([]);

    await m.speak("hey-cohost-agenda", "alice");
    expect((await m.reply()).text).toBe("Budget, then the launch.");
    expect(skippedLines(m)).toHaveLength(1);
  });

  it("never skips audio within the limit: a steady delay, and a burst that arrives late", async () => {
    const m = await meeting();
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text], ai: ["Budget, then the launch.", "Alice presents it."] });
    // Every frame 1.5 s late.
    m.lagMs = 1500;
    await m.silence(2000);
    await m.speak("hey-cohost-agenda", "alice");
    expect((await m.reply()).text).toBe("Budget, then the launch.");
    m.lagMs = 0;
    await m.silence(500);
    // A follow-up whose 1.9 s of audio arrive in one burst, the first frame 1.9 s late.
    const followUp = speechSamples("follow-up");
    await m.backlog(followUp.subarray(0, 16 * 1900), "alice");
    await m.feed(followUp.subarray(16 * 1900), "alice");
    // The answers are the fence: both turns were heard through to their replies.
    expect((await m.reply()).text).toBe("Alice presents it.");
    expect(heard(m)).toEqual([SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text]);
    expect(skippedLines(m)).toEqual([]);
    expect(m.of("unanswered")).toEqual([]);
  });
});
