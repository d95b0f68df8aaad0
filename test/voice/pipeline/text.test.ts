import { describe, expect, it } from "vitest";
import { buildMessages, languageName, MeetingHistory, systemPrompt } from "../../../lib/voice/pipeline/context.ts";
import { EchoGuard } from "../../../lib/voice/pipeline/echo-guard.ts";
import { SentenceChunker, speakable } from "../../../lib/voice/pipeline/sentence-chunker.ts";
import { MAX_CHUNK_CHARS } from "../../../lib/voice/pipeline/tuning.ts";

const agent = { name: "Cohost", instructions: "You keep the team's meetings on track.", language: "de" };

describe("context", () => {
  it("names the agent, its instructions and its language in the system prompt", () => {
    const prompt = systemPrompt(agent);
    expect(prompt).toContain("You are Cohost");
    expect(prompt).toContain("You keep the team's meetings on track.");
    expect(prompt).toContain("Always answer in German.");
    expect(languageName("en")).toBe("English");
    expect(languageName("not a tag!")).toBe("not a tag!");
  });

  it("labels people's lines, merges consecutive ones and keeps the agent's replies as spoken", () => {
    const messages = buildMessages(agent, [
      { speaker: "Alice", isAgent: false, text: "Morning all." },
      { speaker: "Bob", isAgent: false, text: "Cohost, what is on the agenda?" },
      { speaker: "Cohost", isAgent: true, text: "First the budget, then" },
      { speaker: "Alice", isAgent: false, text: "Skip the budget." },
    ]);
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[1].content).toBe("Alice: Morning all.\nBob: Cohost, what is on the agenda?");
    expect(messages[2].content).toBe("First the budget, then");
    expect(messages[3].content).toBe("Alice: Skip the budget.");
  });

  it("starts with a user message even when the agent spoke first", () => {
    const messages = buildMessages(agent, [
      { speaker: "Cohost", isAgent: true, text: "Hello, I am recording." },
      { speaker: "Alice", isAgent: false, text: "Thanks." },
    ]);
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[1].content).toBe("(The meeting has started.)");
  });

  it("keeps the newest transcript within the budget and says that older parts are left out", () => {
    const history = Array.from({ length: 50 }, (_, i) => ({ speaker: "Alice", isAgent: false, text: `Point number ${i} is about twenty chars.` }));
    const messages = buildMessages(agent, history, 500);
    const transcript = messages.slice(1).map((m) => m.content).join("\n");
    expect(transcript.length).toBeLessThanOrEqual(560);
    expect(transcript).toContain("Point number 49");
    expect(transcript).not.toContain("Point number 10 ");
    expect(messages[1].content.startsWith("(Earlier parts of the meeting are left out.)")).toBe(true);
  });

  it("remembers a long meeting within bounds: the oldest lines go, the prompt still says so", () => {
    const history = new MeetingHistory(2000);
    for (let i = 0; i < 10_000; i++) history.push({ speaker: "Alice", isAgent: false, text: `Point number ${i} is about twenty chars.` });
    const chars = history.entries.reduce((n, e) => n + e.speaker.length + e.text.length, 0);
    expect(chars).toBeLessThanOrEqual(2000);
    expect(history.entries.at(-1)?.text).toBe("Point number 9999 is about twenty chars.");
    const messages = buildMessages(agent, history.entries, 1000);
    expect(messages[1].content.startsWith("(Earlier parts of the meeting are left out.)")).toBe(true);
  });

  it("cuts a single entry longer than the budget from its start", () => {
    const messages = buildMessages(agent, [{ speaker: "Alice", isAgent: false, text: `${"x".repeat(1000)} the end` }], 100);
    expect(messages[1].content).toContain("the end");
    expect(messages[1].content.length).toBeLessThan(200);
  });
});

describe("sentence chunker", () => {
  const chunk = (tokens: string[]) => {
    const c = new SentenceChunker();
    return [...tokens.flatMap((t) => c.push(t)), ...c.flush()];
  };

  it("emits each sentence as soon as the next token shows it has ended", () => {
    const c = new SentenceChunker();
    expect(c.push("The agenda has three items")).toEqual([]);
    expect(c.push(".")).toEqual([]);
    expect(c.push(" First")).toEqual(["The agenda has three items."]);
    expect(c.push(", the budget!")).toEqual([]);
    expect(c.flush()).toEqual(["First, the budget!"]);
  });

  it("joins sentences too short to speak alone with the next", () => {
    expect(chunk(["Sure. ", "The budget is on track. ", "Yes? ", "No."])).toEqual(["Sure. The budget is on track.", "Yes? No."]);
  });

  it("does not split at abbreviations, initials or decimals", () => {
    expect(chunk(["Dr. Smith and J. Doe will present e.g. the 3.5 percent growth. ", "Then questions."])).toEqual([
      "Dr. Smith and J. Doe will present e.g. the 3.5 percent growth.",
      "Then questions.",
    ]);
  });

  it("cuts a run-on sentence at a clause so speech does not wait for its end", () => {
    const long = `${"word ".repeat(30)}and then, ${"more ".repeat(40)}`;
    const chunks = chunk([long]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
    expect(chunks[0].endsWith("and then,")).toBe(true);
  });

  it("speaks text, not markdown or emoji", () => {
    expect(speakable("## Plan\n- **Budget** review 🎉\n- see [the doc](https://x.example)")).toBe("Plan Budget review see the doc");
    expect(chunk(["🎉🎉. ", "**Done**"])).toEqual(["Done"]);
  });

  it("splits CJK sentences without spaces", () => {
    expect(chunk(["今日の議題は予算とスケジュールです。", "次に質問です。"])).toEqual(["今日の議題は予算とスケジュールです。", "次に質問です。"]);
  });
});

describe("echo guard", () => {
  it("recognises the agent's words heard during or just after its speech", () => {
    const echo = new EchoGuard();
    const u = echo.begin(1000);
    echo.addText(u, "The agenda has three items: the budget, hiring and the launch.");
    expect(echo.isEcho("the agenda has three items the budget", 1500, 3000)).toBe(true);
    expect(echo.isEcho("agenda has three items, hiring", 1500, 3000)).toBe(true);
    expect(echo.isEcho("wait, stop, the launch moved", 1500, 3000)).toBe(false);
    echo.end(u, 5000);
    expect(echo.isEcho("hiring and the launch", 5200, 6000)).toBe(true);
    // Long after it spoke, the same words are someone quoting it.
    expect(echo.isEcho("hiring and the launch", 9000, 10_000)).toBe(false);
  });
});
