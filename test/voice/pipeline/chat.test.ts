import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startVoiceFakes, type VoiceFakes } from "../../fakes/voice/server.ts";
import { Meeting, type AgentSetup } from "./meeting.ts";

// The meeting's chat through the voice session (docs/bots.md, "Chat"): typed lines are transcript
// lines marked as chat; a line that names the agent or carries its wake word is answered by the same
// responder as a spoken turn (the real adapters against the voice fakes), in the chat.

let fakes: VoiceFakes;
const meetings: Meeting[] = [];

beforeAll(async () => {
  fakes = await startVoiceFakes();
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(async () => {
  await fakes.close();
});
afterEach(async () => {
  await Promise.all(meetings.splice(0).map((m) => m.session.stop()));
  fakes.reset();
});

async function meeting(setup: AgentSetup = {}): Promise<Meeting> {
  const m = new Meeting(fakes, setup);
  meetings.push(m);
  await m.session.start();
  return m;
}

const chats = () => fakes.requests.filter((r) => r.surface === "chat");
const lastUserMessage = (n: number) => {
  const messages = (chats()[n].body as { messages: { role: string; content: string }[] }).messages;
  return messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
};

describe("chat in a meeting", () => {
  it("a typed question naming the agent is answered in the chat, written, not spoken; both lines are chat lines of the transcript", async () => {
    const m = await meeting({ wakeWord: "Hey Cohost" });
    fakes.script({ ai: ["The budget review is at three."] });
    m.session.chat({ senderName: "Ada", senderId: "p-ada", text: "@Cohost when is the budget review?" });
    await m.until(() => m.of("chat_reply").length > 0, "the chat answer");
    expect(m.of("chat_reply")[0].text).toBe("The budget review is at three.");
    expect(m.transcript.map((s) => ({ speaker: s.speaker, isAgent: s.isAgent, text: s.text, chat: s.chat, speakerId: s.speakerId }))).toEqual([
      { speaker: "Ada", isAgent: false, text: "@Cohost when is the budget review?", chat: true, speakerId: "p-ada" },
      { speaker: "Cohost", isAgent: true, text: "The budget review is at three.", chat: true, speakerId: null },
    ]);
    expect(lastUserMessage(0)).toContain("Ada (in the chat): @Cohost when is the budget review?");
    // Nothing was spoken: no TTS request, no audio to the meeting.
    expect(fakes.requests.filter((r) => r.surface === "tts")).toHaveLength(0);
    expect(m.sink.filter((e) => e.type === "play")).toHaveLength(0);
    expect(m.of("metrics")).toHaveLength(1);
    // The answer is stamped when it was written: after the question, on the session clock.
    const [question, answer] = m.transcript;
    expect(answer.startMs).toBeGreaterThanOrEqual(question.startMs);
    expect(Number.isFinite(answer.startMs)).toBe(true);
  });

  it("a line that does not address the agent is only a transcript line; the wake word addresses it too", async () => {
    const m = await meeting({ wakeWord: "Hey Cohost" });
    m.session.chat({ senderName: "Bob", senderId: null, text: "I will be five minutes late" });
    fakes.script({ ai: ["Noted."] });
    m.session.chat({ senderName: "Bob", senderId: null, text: "hey cohost, note that I am late" });
    await m.until(() => m.of("chat_reply").length > 0, "the chat answer");
    expect(chats()).toHaveLength(1);
    expect(m.transcript.filter((s) => !s.isAgent).map((s) => s.text)).toEqual(["I will be five minutes late", "hey cohost, note that I am late"]);
    expect(m.lines.filter((l) => l.event === "chat_turn").map((l) => l.outcome)).toEqual(["not_addressed", "answered"]);
  });

  it("set to answer aloud, the agent also speaks its chat answer, which the transcript keeps once, as the chat line", async () => {
    const m = await meeting({ chatAnswerAloud: true });
    fakes.script({ ai: ["Yes, I am here."] });
    m.session.chat({ senderName: "Ada", senderId: null, text: "Cohost are you there?" });
    await m.until(() => m.of("chat_reply").length > 0 && !m.speaking && m.of("metrics").length > 0, "the spoken chat answer");
    expect(m.sink.some((e) => e.type === "play")).toBe(true);
    expect(m.replies.map((s) => ({ text: s.text, chat: s.chat }))).toEqual([{ text: "Yes, I am here.", chat: true }]);
  });

  it("with manual activation, a chat question is answered only while the agent is activated", async () => {
    const m = await meeting({ manualActivation: true });
    m.session.chat({ senderName: "Ada", senderId: null, text: "Cohost, anything new?" });
    m.session.setActivated(true);
    fakes.script({ ai: ["Nothing new."] });
    m.session.chat({ senderName: "Ada", senderId: null, text: "Cohost, anything new now?" });
    await m.until(() => m.of("chat_reply").length > 0, "the chat answer");
    expect(m.lines.filter((l) => l.event === "chat_turn").map((l) => l.outcome)).toEqual(["not_activated", "answered"]);
    expect(chats()).toHaveLength(1);
  });
});
