import { describe, expect, it } from "vitest";
import { AsyncQueue } from "../providers/async-queue.ts";
import type { SessionEvent, TtsProvider, TtsStream } from "../types.ts";
import { MeetingHistory } from "./context.ts";
import { Playout } from "./playout.ts";
import { Reply } from "./reply.ts";
import { recordReply, turnMetrics } from "./reply-record.ts";
import type { UserTurn } from "./turn-detector.ts";

/** Text-to-speech as the outside world: 10 ms of audio per character, all of it at once. */
const tts: TtsProvider = {
  providerId: "elevenlabs",
  model: "eleven_flash_v2_5",
  sampleRate: 16_000,
  open(): TtsStream {
    const audio = new AsyncQueue<Int16Array>();
    let text = "";
    return {
      audio,
      get characters() {
        return text.length;
      },
      pushText: (t) => (text += t),
      end: () => {
        audio.push(new Int16Array(text.length * 160));
        audio.end();
      },
      cancel: () => audio.end(),
    };
  },
};

const SAID = "Here is the plan for today. We start with the budget.";
const turn: UserTurn = { text: "Cohost, what is the plan?", startMs: 1_000, endMs: 2_500, speakerId: "alice", endedAt: 2_600, finalAt: 2_700 };

/** A reply of SAID played from t = 3000 ms on the session clock. */
async function spokenReply() {
  const now = 3_000;
  const playout = new Playout({ play: () => {}, clear: () => {} }, () => now);
  const reply = new Reply({ source: { text: SAID }, tts, playout, now: () => now, onUsage: () => {}, onSentence: () => {}, onFirstAudio: () => {} });
  await reply.run();
  return { reply, playout };
}

function record() {
  const history = new MeetingHistory();
  const events: SessionEvent[] = [];
  return { history, events, to: { agentName: "Cohost", history, emit: (e: SessionEvent) => events.push(e) } };
}

describe("what an ended reply leaves", () => {
  it("played out: the whole reply is remembered and is the agent's transcript line; an announcement has no metrics", async () => {
    const { reply, playout } = await spokenReply();
    const { history, events, to } = record();
    recordReply({ reply, playout, turn: null, turnId: 0 }, "played", playout.endsAt, to);
    expect(history.entries).toEqual([{ speaker: "Cohost", isAgent: true, text: SAID }]);
    expect(events).toEqual([{ type: "transcript", segment: { speaker: "Cohost", speakerId: null, isAgent: true, text: SAID, startMs: 3_000, endMs: playout.endsAt } }]);
  });

  it("cut short: only what was heard, to the whole word, marked interrupted, and the answer's metrics say so", async () => {
    const { reply, playout } = await spokenReply();
    const { history, events, to } = record();
    // 10 ms a character: 3 s + 310 ms is 31 characters in, within "We start…".
    recordReply({ reply, playout, turn, turnId: 4 }, "interrupted", 3_310, to);
    expect(history.entries).toEqual([{ speaker: "Cohost", isAgent: true, text: "Here is the plan for today. We" }]);
    expect(events[0]).toEqual({ type: "transcript", segment: { speaker: "Cohost", speakerId: null, isAgent: true, text: "Here is the plan for today. We", startMs: 3_000, endMs: 3_310, interrupted: true } });
    expect(events[1]).toEqual({ type: "metrics", metrics: expect.objectContaining({ turnId: 4, interrupted: true, speechEndAt: 2_500, firstAudioAt: 3_000, voiceToVoiceMs: 500 }) });
  });

  it("a failed reply is not 'interrupted' in its metrics, though its line is cut short", async () => {
    const { reply, playout } = await spokenReply();
    const { events, to } = record();
    recordReply({ reply, playout, turn, turnId: 1 }, "failed", 3_100, to);
    expect(events[0]).toMatchObject({ type: "transcript", segment: { text: "Here is", interrupted: true } });
    expect(events[1]).toMatchObject({ type: "metrics", metrics: { interrupted: false } });
  });

  it("metrics: the turn's wait for words, each stage's first result, and voice to voice", () => {
    const reply = { llmFirstTokenMs: 250, ttsFirstAudioMs: 120, firstAudioAt: 3_320, toolCalls: 1, toolMs: 90 };
    expect(turnMetrics(7, turn, reply, false)).toEqual({
      turnId: 7,
      transcriptMs: 100,
      llmFirstTokenMs: 250,
      ttsFirstAudioMs: 120,
      voiceToVoiceMs: 820,
      speechEndAt: 2_500,
      firstAudioAt: 3_320,
      interrupted: false,
      toolCalls: 1,
      toolMs: 90,
    });
    // Words in before our VAD's end of speech; no audio before the reply ended.
    expect(turnMetrics(7, { ...turn, finalAt: 2_000 }, { ...reply, firstAudioAt: null }, true)).toMatchObject({ transcriptMs: 0, voiceToVoiceMs: null, firstAudioAt: null });
  });
});
