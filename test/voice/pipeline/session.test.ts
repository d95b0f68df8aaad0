import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outageNotice } from "../../../lib/voice/pipeline/provider-outage.ts";
import { CAUGHT_UP_LAG_MS } from "../../../lib/voice/pipeline/tuning.ts";
import { ProviderError } from "../../../lib/voice/types.ts";
import { concat } from "../../bots/pcm-stats.ts";
import { startVoiceFakes, type VoiceFakes } from "../../fakes/voice/server.ts";
import { createVoiceSession } from "../../../lib/voice/pipeline/session.ts";
import { agentConfig, Meeting, type AgentSetup } from "./meeting.ts";
import { SPEECH, speechSamples } from "./speech.ts";

// The voice pipeline end to end on real speech (the committed fixtures) through the real provider
// adapters against the wire-protocol fakes: the fake STT hears the fixtures' audio and answers with
// the scripted transcript of each utterance.
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
  m.session.setParticipantName("bob", "Bob");
  return m;
}

const chatRequests = () => fakes.requests.filter((r) => r.surface === "chat");
/** The messages of the n-th LLM request. */
const chatMessages = (n: number) => (chatRequests()[n].body as { messages: { role: string; content: string }[] }).messages;

describe("wake word", () => {
  it("answers only an utterance that contains it, and transcribes everything", async () => {
    const m = await meeting();
    fakes.script({ stt: [SPEECH["no-wake-word"].text, SPEECH["hey-cohost-agenda"].text], ai: ["The agenda has two items. First the budget, then the launch."] });
    await m.speak("no-wake-word", "alice");
    await m.until(() => m.transcript.length === 1, "the first transcript");
    await m.silence(1000);
    expect(chatRequests()).toHaveLength(0);
    expect(m.of("speaking")).toEqual([]);
    // Why it said nothing, for the people in the call.
    expect(m.of("unanswered")).toEqual([{ type: "unanswered", reason: "no_wake_word", text: SPEECH["no-wake-word"].text }]);
    expect(m.of("replying")).toEqual([]);

    await m.speak("hey-cohost-agenda", "bob");
    const reply = await m.reply();
    expect(reply).toMatchObject({ speaker: "Cohost", speakerId: null, isAgent: true, text: "The agenda has two items. First the budget, then the launch." });
    expect(m.transcript.map((s) => [s.speaker, s.text])).toEqual([
      ["Alice", SPEECH["no-wake-word"].text],
      ["Bob", SPEECH["hey-cohost-agenda"].text],
      ["Cohost", "The agenda has two items. First the budget, then the launch."],
    ]);
    expect(m.of("activation")[0]).toEqual({ type: "activation", active: true });
    expect(m.of("speaking").map((e) => e.speaking)).toEqual([true, false]);
    // Thinking from the turn to the first audio, speaking until the reply is over.
    expect(m.events.filter((e) => e.type === "replying" || e.type === "speaking").map((e) => e.type === "replying" ? `replying:${e.replying}` : `speaking:${(e as { speaking: boolean }).speaking}`)).toEqual([
      "replying:true",
      "speaking:true",
      "speaking:false",
      "replying:false",
    ]);
    expect(m.of("unanswered")).toHaveLength(1);
    expect(m.sink.filter((s) => s.type === "play").length).toBeGreaterThan(0);
    expect(m.sink.filter((s) => s.type === "clear")).toEqual([]);
    // Each turn it heard is in the log with what became of it and where its sound ended, never its words.
    const heard = m.lines.filter((l) => l.event === "user_turn");
    expect(heard.map((l) => [l.outcome, l.turnId])).toEqual([
      ["no_wake_word", undefined],
      ["answered", 1],
    ]);
    const [metrics] = m.of("metrics");
    expect(heard[1].speechEndAt).toBe(metrics.metrics.speechEndAt);
    for (const l of heard) {
      expect(l.loudEndAt).toEqual(expect.any(Number));
      // The level's end and the VAD's differ by a block or two (Silero's hysteresis), not by a word.
      expect(Math.abs((l.loudEndAt as number) - (l.speechEndAt as number))).toBeLessThan(100);
    }
    expect(JSON.stringify(heard)).not.toContain("agenda");
  });

  it("hears the wake word the way STTs spell it", async () => {
    const m = await meeting();
    fakes.script({ stt: ["co-host, can you summarise?"] });
    await m.speak("co-host-summarise", "alice");
    await m.reply();
    expect(chatRequests()).toHaveLength(1);
  });

  it("answers follow-ups without it during the follow-up window, then listens for it again", async () => {
    const m = await meeting();
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text, SPEECH["no-wake-word"].text], ai: ["Budget and launch.", "Alice presents it."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.reply();
    await m.speak("follow-up", "bob");
    expect((await m.reply()).text).toBe("Alice presents it.");
    expect(chatRequests()).toHaveLength(2);

    await m.until(() => m.of("activation").at(-1)?.active === false, "the follow-up window to close", 12_000);
    await m.speak("no-wake-word", "alice");
    await m.until(() => m.transcript.at(-1)?.text === SPEECH["no-wake-word"].text, "the transcript");
    await m.silence(1000);
    expect(chatRequests()).toHaveLength(2);
  });
});

describe("manual activation", () => {
  it("answers every turn only while activated", async () => {
    const m = await meeting({ wakeWord: null, manualActivation: true });
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["no-wake-word"].text, SPEECH.interruption.text, SPEECH["follow-up"].text], ai: ["Moving it is fine."] });
    await m.speak("hey-cohost-agenda", "alice"); // the wake word does not matter here
    await m.until(() => m.transcript.length === 1, "the transcript");
    await m.silence(800);
    expect(chatRequests()).toHaveLength(0);
    expect(m.of("unanswered")).toEqual([{ type: "unanswered", reason: "not_activated", text: SPEECH["hey-cohost-agenda"].text }]);

    m.session.setActivated(true);
    await m.speak("no-wake-word", "alice");
    expect((await m.reply()).text).toBe("Moving it is fine.");

    // Deactivated while it speaks: it stops at once.
    fakes.script({ ai: [LONG_REPLY] });
    await m.speak("interruption", "alice");
    await m.until(() => m.speaking, "the agent to speak");
    m.session.setActivated(false);
    expect(m.speaking).toBe(false);
    expect(m.sink.at(-1)?.type).toBe("clear");

    await m.speak("follow-up", "bob");
    await m.until(() => m.transcript.at(-1)?.text === SPEECH["follow-up"].text, "the transcript");
    await m.silence(800);
    expect(chatRequests()).toHaveLength(2);
    expect(m.of("activation").map((e) => e.active)).toEqual([true, false]);
  });
});

const LONG_REPLY = "First, the budget is on track and we spent less than planned. Second, hiring is behind by two people. Third, the launch moves to Friday. Finally, we take questions.";

describe("barge-in", () => {
  it("stops the agent within a block of the threshold, aborts its LLM and TTS once, and keeps only what was heard", async () => {
    const m = await meeting({ tts: "cartesia" });
    // Slow enough that the LLM and the TTS are still streaming when Bob cuts in.
    fakes.set({ delays: { llmTokenMs: 200, ttsChunkMs: 40 } });
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH.interruption.text], ai: [LONG_REPLY, "Noted, Friday it is."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.speaking, "the agent to speak");
    await m.silence(1500);
    const bobStarts = m.clock + SPEECH.interruption.startMs;
    await m.speak("interruption", "bob");
    const clears = m.sink.filter((s) => s.type === "clear");
    expect(clears).toHaveLength(1);
    // Bob must have spoken for the barge-in threshold (500 ms of speech) over the agent; it stops in
    // the block that reaches it. Allowed on top: the VAD's onset (≤ 100 ms), the short pauses between
    // Bob's first words (not speech, so not counted) and a block and a frame of alignment.
    expect(clears[0].atMs - bobStarts).toBeGreaterThanOrEqual(500);
    expect(clears[0].atMs - bobStarts).toBeLessThanOrEqual(512 + 100 + 100 + 32 + 20);

    const [cut] = m.replies;
    expect(cut.interrupted).toBe(true);
    expect(cut.text.length).toBeGreaterThan(0);
    expect(LONG_REPLY.startsWith(cut.text)).toBe(true);
    expect(cut.text.length).toBeLessThan(LONG_REPLY.length);
    expect(m.of("metrics")[0].metrics.interrupted).toBe(true);
    expect(m.of("speaking").map((e) => e.speaking)).toEqual([true, false]);

    // The LLM request and the TTS contexts still in flight were cancelled at the provider, each once.
    expect(chatRequests()[0].aborted).toBe(true);
    const cancels = fakes.requests.filter((r) => r.provider === "cartesia").flatMap((r) => r.messages as { cancel?: boolean; context_id: string }[]).filter((msg) => msg.cancel);
    expect(cancels.length).toBeGreaterThan(0);
    expect(new Set(cancels.map((c) => c.context_id)).size).toBe(cancels.length);

    // Bob is answered (the agent was engaged), with the cut reply in context as it was heard.
    expect((await m.reply()).text).toBe("Noted, Friday it is.");
    const context = chatMessages(1);
    expect(context.filter((msg) => msg.role === "assistant").map((msg) => msg.content)).toEqual([cut.text]);
    expect(context.at(-1)).toEqual({ role: "user", content: `Bob: ${SPEECH.interruption.text}` });
  });

  it("talks through a short backchannel", async () => {
    const m = await meeting();
    fakes.set({ delays: { ttsChunkMs: 10 } });
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, "Yeah."], ai: [LONG_REPLY] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.speaking, "the agent to speak");
    await m.speak("backchannel", "bob");
    const reply = await m.reply();
    expect(reply.text).toBe(LONG_REPLY);
    expect(reply.interrupted).toBeUndefined();
    expect(m.sink.filter((s) => s.type === "clear")).toEqual([]);
    expect(m.transcript.map((s) => s.text)).toContain("Yeah.");
    expect(chatRequests()).toHaveLength(1);
  });
});

describe("barge-in without speaker tags", () => {
  it("interrupts once the STT hears enough words that are not the agent's", async () => {
    const m = await meeting();
    fakes.set({ delays: { ttsChunkMs: 10 } });
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH.interruption.text], ai: [LONG_REPLY, "Friday, understood."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.speaking, "the agent to speak");
    await m.speak("interruption"); // untagged: VAD alone may not interrupt, the words do
    await m.until(() => m.sink.some((s) => s.type === "clear"), "the interruption");
    expect(m.replies[0].interrupted).toBe(true);
    expect((await m.reply()).text).toBe("Friday, understood.");
  });
});

describe("a turn while the agent is still thinking", () => {
  it("drops the answer in progress and answers both turns together", async () => {
    const m = await meeting();
    fakes.set({ delays: { llmFirstTokenMs: 2500 } });
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text], ai: ["Not this one.", "The budget, presented by Alice."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => chatRequests().length === 1, "the first LLM request");
    await m.speak("follow-up", "alice");
    await m.until(() => m.of("metrics").length === 2, "the second reply");
    expect(m.of("metrics")[0].metrics).toMatchObject({ interrupted: true, voiceToVoiceMs: null });
    expect(m.replies.at(-1)?.text).toBe("The budget, presented by Alice.");
    expect(chatRequests()[0].aborted).toBe(true);
    expect(m.replies.map((r) => r.text)).toEqual(["The budget, presented by Alice."]);
    expect(chatMessages(1).at(-1)).toEqual({ role: "user", content: `Alice: ${SPEECH["hey-cohost-agenda"].text}\nAlice: ${SPEECH["follow-up"].text}` });
  });
});

describe("announcements and stopping", () => {
  it("says a fixed sentence to the end, whoever talks over it, without opening the follow-up window", async () => {
    const m = await meeting();
    fakes.set({ delays: { ttsChunkMs: 10 } });
    fakes.script({ stt: [SPEECH.interruption.text, SPEECH["no-wake-word"].text] });
    let said = false;
    const saying = m.session.say("The credit has run out, so I am leaving the meeting now. Goodbye everyone.").then(() => (said = true));
    await m.until(() => m.speaking, "the announcement");
    await m.speak("interruption", "bob");
    await m.until(() => said, "the announcement to end");
    await saying;
    expect(m.sink.filter((s) => s.type === "clear")).toEqual([]);
    expect(m.replies.map((r) => [r.text, r.interrupted])).toEqual([["The credit has run out, so I am leaving the meeting now. Goodbye everyone.", undefined]]);
    expect(m.of("metrics")).toEqual([]);
    await m.speak("no-wake-word", "alice");
    await m.silence(800);
    expect(chatRequests()).toHaveLength(0);
  });

  it("on stop: silences the agent, keeps the last words heard and reports the usage", async () => {
    const m = await meeting();
    fakes.set({ delays: { ttsChunkMs: 10 } });
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["no-wake-word"].text], ai: [LONG_REPLY] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.speaking, "the agent to speak");
    await m.feed((await import("./speech.ts")).speechSamples("no-wake-word").subarray(0, 16 * 3000), "bob");
    // A frame no running session accepts: refused now, ignored once stopped (below).
    const wrongRate = { samples: new Int16Array(160), sampleRate: 8_000, timeMs: m.clock };
    expect(() => m.session.pushAudio(wrongRate)).toThrow("Voice input must be 16000 Hz PCM, got 8000 Hz");
    await m.session.stop();
    expect(m.sink.at(-1)?.type).toBe("clear");
    expect(m.speaking).toBe(false);
    expect(m.replies[0].interrupted).toBe(true);
    // Bob's words were still in the STT when the meeting ended: they are in the transcript.
    expect(m.transcript.at(-1)).toMatchObject({ speaker: "Bob", text: SPEECH["no-wake-word"].text });
    const sttMs = m.of("usage").reduce((n, e) => n + (e.usage.kind === "stt" ? e.usage.audioMs : 0), 0);
    expect(sttMs).toBe(fakes.requests.find((r) => r.surface === "listen")!.audioMs);
    // Audio that arrives after the stop is dropped before anything looks at it: the frame a running
    // session refuses passes without a word, synchronously, so nothing can follow from it.
    expect(() => m.session.pushAudio(wrongRate)).not.toThrow();
    expect(() => m.session.pushAudio({ samples: new Int16Array(320), sampleRate: 16_000, timeMs: m.clock })).not.toThrow();
  });
});

describe("the agent's own voice", () => {
  it("never hears frames tagged with its own participant id", async () => {
    const m = await meeting();
    m.session.setSelfSpeakerId("bot-1");
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text] });
    await m.speak("hey-cohost-agenda", "bot-1");
    await m.silence(2000);
    expect(m.transcript).toEqual([]);
    expect(fakes.requests.find((r) => r.surface === "listen")!.audioMs).toBe(0);
    expect(chatRequests()).toHaveLength(0);
  });

  it("recognises its words coming back untagged: no transcript, no interruption, no answer", async () => {
    const m = await meeting();
    fakes.set({ delays: { ttsChunkMs: 10 } });
    // The "echo" utterance is transcribed as the start of the agent's own answer.
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, "First the budget is on track and we spent less than planned second hiring"], ai: [LONG_REPLY] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.speaking, "the agent to speak");
    await m.speak("interruption"); // untagged audio while the agent speaks
    const reply = await m.reply();
    expect(reply.text).toBe(LONG_REPLY);
    expect(reply.interrupted).toBeUndefined();
    expect(m.sink.filter((s) => s.type === "clear")).toEqual([]);
    expect(m.transcript.filter((s) => !s.isAgent).map((s) => s.text)).toEqual([SPEECH["hey-cohost-agenda"].text]);
    await m.silence(1500);
    expect(chatRequests()).toHaveLength(1);
  });
});

describe("context", () => {
  it("gives the LLM its instructions, its language, the labelled transcript and its replies as spoken", async () => {
    const m = await meeting({ language: "de", instructions: "Keep answers under twenty words." });
    fakes.script({ stt: [SPEECH["no-wake-word"].text, SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text], ai: ["Zuerst das Budget.", "Alice."] });
    await m.speak("no-wake-word", "alice");
    await m.speak("hey-cohost-agenda", "bob");
    await m.reply();
    await m.speak("follow-up", "carol");
    await m.reply();
    const [system, ...rest] = chatMessages(1);
    expect(system.role).toBe("system");
    expect(system.content).toContain("You are Cohost");
    expect(system.content).toContain("Keep answers under twenty words.");
    expect(system.content).toContain("Always answer in German.");
    expect(rest).toEqual([
      { role: "user", content: `Alice: ${SPEECH["no-wake-word"].text}\nBob: ${SPEECH["hey-cohost-agenda"].text}` },
      { role: "assistant", content: "Zuerst das Budget." },
      // Carol was never named: she is a participant.
      { role: "user", content: `Participant: ${SPEECH["follow-up"].text}` },
    ]);
  });
});

describe("provider errors", () => {
  it("does not start with a speech-to-text key the provider rejects", async () => {
    const m = new Meeting(fakes, { badKey: ["stt"] });
    meetings.push(m);
    const failure = await m.session.start().then(() => null, (err: unknown) => err);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ providerKind: "stt", providerId: "deepgram", kind: "invalid_key" });
  });

  it("ends the session with a provider_error when the LLM rejects the key mid-meeting", async () => {
    const m = await meeting({ ai: "anthropic" });
    fakes.failNext("anthropic", { status: 401 }, 1, "chat");
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.of("error").length > 0, "the error");
    expect(m.of("error")).toHaveLength(1);
    expect(m.of("error")[0].error).toMatchObject({ providerKind: "ai", providerId: "anthropic", kind: "invalid_key" });
    // The session is over: nothing more is heard or said.
    const heard = m.transcript.length;
    await m.speak("follow-up", "bob");
    await m.silence(1000);
    expect(m.transcript).toHaveLength(heard);
    expect(m.of("speaking")).toEqual([]);
  });

  it("survives transient failures: retried ones, and a reply that failed for good", async () => {
    const m = await meeting();
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text, SPEECH["co-host-summarise"].text], ai: ["Budget first.", "Alice presents."] });
    // One 503: the adapter retries and the reply arrives.
    fakes.failNext("openai", { status: 503 }, 1, "chat");
    await m.speak("hey-cohost-agenda", "alice");
    expect((await m.reply()).text).toBe("Budget first.");
    expect(m.log.some((e) => e.provider === "openai" && e.event.endsWith("_retry") && e.status === 503)).toBe(true);

    // More 429s than the adapter's tries: that reply is lost, the meeting goes on.
    fakes.failNext("openai", { status: 429 }, 5, "chat");
    await m.speak("follow-up", "bob");
    await m.until(() => m.of("metrics").length === 2, "the failed reply");
    expect(m.of("error")).toEqual([]);
    fakes.reset();
    fakes.script({ stt: [SPEECH["co-host-summarise"].text], ai: ["We agreed to move the launch."] });
    await m.speak("co-host-summarise", "alice");
    expect((await m.reply()).text).toBe("We agreed to move the launch.");
    expect(m.of("error")).toEqual([]);
  });

  it("survives its speech-to-text connection dropping", async () => {
    // The first connection dies under the adapter as soon as audio arrives; it reconnects.
    fakes.failNext("deepgram", { drop: "mid" }, 1, "listen");
    const m = await meeting();
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["co-host-summarise"].text], ai: ["Hello.", "We agreed to move the launch."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.silence(1000);
    await m.speak("co-host-summarise", "alice");
    await m.until(() => m.replies.some((r) => r.text === "We agreed to move the launch."), "the answer after the reconnect");
    expect(fakes.requests.filter((r) => r.surface === "listen").length).toBeGreaterThan(1);
    expect(m.of("error")).toEqual([]);
  });
});

describe("provider outages", () => {
  // Failures are counted, not timed: these tests' adapters try 3 times per request (meeting.ts),
  // so 12 failures outlast three questions' worth of answers, which used to end the meeting.
  it.each([
    ["answers 500", { status: 500 }],
    ["drops its connections", { drop: "before" }],
  ] as const)("an AI provider that %s for a while never ends the meeting: it says so once and answers after it recovers", async (_, failure) => {
    const m = await meeting();
    fakes.failNext("openai", failure, 12, "chat");
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text, SPEECH["follow-up"].text, SPEECH["co-host-summarise"].text], ai: ["We agreed to move the launch."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.of("outage").length === 1, "the outage to be noticed");
    expect(m.of("outage")[0]).toMatchObject({ state: "began", error: { providerKind: "ai", providerId: "openai" } });
    await m.speak("follow-up", "bob");
    await m.speak("co-host-summarise", "alice");
    await m.until(() => m.replies.some((r) => r.text === "We agreed to move the launch."), "the answer once the provider is back", 90_000);
    expect(m.of("error")).toEqual([]);
    expect(m.of("outage").map((e) => e.state)).toEqual(["began", "ended"]);
    // Said once, however many answers failed meanwhile.
    expect(m.replies.filter((r) => r.text === outageNotice("en"))).toHaveLength(1);
    expect(chatRequests().length).toBeGreaterThan(12);
  }, 90_000);

  it("a speech-to-text provider that refuses connections for a while: the agent says so once and hears again after it recovers", async () => {
    // The first connection dies under the adapter as soon as audio arrives; the next 12 are refused.
    fakes.failNext("deepgram", { drop: "mid" }, 1, "listen");
    fakes.failNext("deepgram", { status: 503 }, 12, "listen");
    const m = await meeting();
    // Whatever the agent manages to hear is this question (what it heard while deaf is lost).
    fakes.set({ defaultTranscript: SPEECH["co-host-summarise"].text });
    fakes.script({ ai: ["We agreed to move the launch."] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.of("outage").some((e) => e.state === "ended"), "the speech-to-text to come back", 90_000);
    expect(m.of("outage")[0]).toMatchObject({ state: "began", error: { providerKind: "stt" } });
    await m.speak("co-host-summarise", "alice");
    await m.until(() => m.replies.some((r) => r.text === "We agreed to move the launch."), "an answer after the outage");
    expect(m.of("error")).toEqual([]);
    expect(m.replies.filter((r) => r.text === outageNotice("en"))).toHaveLength(1);
  }, 90_000);

  it("gives up only on an outage longer than its limit: then the meeting ends with provider_error", async () => {
    const limitMs = 20_000;
    const m = await meeting({ outageLimitMs: limitMs });
    fakes.failNext("openai", { status: 503 }, 1000, "chat");
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text] });
    await m.speak("hey-cohost-agenda", "alice");
    await m.until(() => m.of("outage").length === 1, "the outage to be noticed");
    const began = m.clock;
    // The failed question is tried again with back-off until the outage has lasted too long.
    await m.until(() => m.of("error").length === 1, "the outage to be given up", limitMs + 30_000);
    expect(m.of("error")[0].error).toMatchObject({ providerKind: "ai", kind: "transient" });
    expect(m.clock - began).toBeGreaterThan(limitMs - 5_000);
    expect(m.of("outage")).toHaveLength(1);
  }, 90_000);
});

describe("logging", () => {
  it("logs through the meeting's logger: the providers' retries carry the meeting and the run", async () => {
    const lines: Record<string, unknown>[] = [];
    const meetingLogger = (event: string, fields: Record<string, unknown> = {}) => void lines.push({ meetingId: "m-1", runId: "r-1", event, ...fields });
    fakes.failNext("deepgram", { status: 503 }, 1, "listen");
    const session = createVoiceSession({ agent: agentConfig(fakes), output: { play() {}, clear() {} }, onEvent: () => {}, log: meetingLogger });
    try {
      await session.start();
    } finally {
      await session.stop();
    }
    expect(lines).toContainEqual(expect.objectContaining({ meetingId: "m-1", runId: "r-1", event: "connect_retry", scope: "voice.provider", provider: "deepgram", status: 503 }));
  });
});

describe("every provider family", () => {
  it.each([
    { stt: "assemblyai", ai: "anthropic", tts: "cartesia" },
    { stt: "openai", ai: "gemini", tts: "openai" },
    { stt: "deepgram", sttModel: "flux-general-en", ai: "groq", tts: "deepgram" },
    { stt: "openai-compatible", ai: "openai-compatible", tts: "openai-compatible" },
  ])("hears, thinks and speaks with $stt / $ai / $tts, reporting usage and metrics", async (setup) => {
    const m = await meeting(setup);
    fakes.script({ stt: [SPEECH["hey-cohost-agenda"].text], ai: ["The budget, then the launch."] });
    await m.speak("hey-cohost-agenda", "alice");
    expect((await m.reply()).text).toBe("The budget, then the launch.");
    await m.session.stop();
    const usage = m.of("usage").map((e) => e.usage);
    expect(usage.filter((u) => u.kind === "stt").reduce((n, u) => n + (u.kind === "stt" ? u.audioMs : 0), 0)).toBeGreaterThan(1000);
    expect(usage.find((u) => u.kind === "ai")).toMatchObject({ providerId: setup.ai, inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    // What the adapter sent, as the provider bills it (context providers add a separating space).
    const tts = usage.find((u) => u.kind === "tts");
    expect(tts).toMatchObject({ providerId: setup.tts });
    expect(tts?.kind === "tts" && tts.characters).toBeGreaterThanOrEqual("The budget, then the launch.".length);
    const [metrics] = m.of("metrics").map((e) => e.metrics);
    expect(metrics).toMatchObject({ turnId: 1, interrupted: false });
    for (const key of ["transcriptMs", "llmFirstTokenMs", "ttsFirstAudioMs", "voiceToVoiceMs"] as const) expect(metrics[key]).toBeGreaterThanOrEqual(0);
  });
});

// A session that falls behind the meeting's audio (its worker starved of CPU) skips the stale audio
// and catches up, instead of answering questions long after they were asked (docs/voice.md,
// "Catching up"). Lateness is on the session clock: frames stamped with their capture time arrive
// after the clock has moved on.
const silence = (ms: number) => new Int16Array(16 * ms);
/** The session's audio_skipped lines (one per episode of catching up). */
const skippedLines = (m: Meeting) => m.lines.filter((l) => l.event === "audio_skipped") as unknown as { skippedMs: number; fromAt: number; toAt: number }[];
/** What the people said, as the session transcribed it. */
const heard = (m: Meeting) => m.transcript.filter((s) => !s.isAgent).map((s) => s.text);

/** `fixture` followed by silence, `ms` long in all. */
function padded(fixture: string, ms: number): Int16Array {
  const speech = speechSamples(fixture);
  return concat([speech, silence(ms - speech.length / 16)]);
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
    expect(JSON.stringify(chatMessages(0))).not.toContain("seventeen");
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
    await m.backlog(concat([samples.subarray(cut), silence(4000 - (samples.length - cut) / 16)]), "alice");

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
    expect(chatMessages(0).filter((msg) => msg.role === "user").map((msg) => msg.content)).toEqual([`Alice: ${question}`]);
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
