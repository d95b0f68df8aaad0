import { languageName } from "../voice/pipeline/context.ts";
import type { ChatMessage, LlmProvider } from "../voice/types.ts";
import { chunkLines } from "./chunk-lines.ts";
import { summaryBudgetChars } from "./context-window.ts";
import { parseMinutes, type Minutes } from "./minutes.ts";

export interface MeetingRecord {
  /** Its title, or the one made from where it is (englishMeetingTitle). */
  title: string;
  /** The meeting's date in the agent's time zone (YYYY-MM-DD), so relative due dates can be resolved. */
  date: string;
  timeZone: string;
  /** The agent's language: the minutes are written in it. */
  language: string;
  /** "[mm:ss] Speaker: text", in order. */
  transcript: string[];
  /** What the agent noted during the meeting: "Note: …", "Action item: … (owner, due)". */
  notes: string[];
}

/** The answer was not minutes, twice. */
export class MinutesFormatError extends Error {}

/** Room for a summary's JSON answer; a spoken reply's cap would cut it off. */
const ANSWER_TOKENS = 2_000;

const FORMAT =
  'Answer with one JSON object and nothing else: {"summary": "…", "decisions": ["…"], "actionItems": [{"text": "…", "owner": "name or null", "due": "YYYY-MM-DD or null"}]}. ' +
  "summary: the gist in 3 to 8 sentences. decisions: what was decided, each in one sentence. actionItems: tasks someone agreed to do; owner only if named, due only if a date or day was said. Do not invent anything.";

function systemPrompt(m: MeetingRecord): string {
  return `You write the minutes of a meeting from its transcript and the notes an assistant took in it. Write in ${languageName(m.language)}. The meeting "${m.title}" took place on ${m.date} (${m.timeZone}). ${FORMAT}`;
}

/**
 * Minutes of a meeting with the agent's own model. A transcript longer than the model's context
 * (summaryBudgetChars) is cut into parts that are summarised one by one, and the parts' minutes are
 * combined (in rounds, if even they do not fit); the notes go into the final request. Usage is the
 * sum over every request. Throws the provider's error, or MinutesFormatError.
 */
export async function writeMinutes(llm: LlmProvider, meeting: MeetingRecord, signal: AbortSignal): Promise<{ minutes: Minutes; inputTokens: number; outputTokens: number; requests: number }> {
  const budget = summaryBudgetChars(llm.providerId, llm.model);
  const spent = { inputTokens: 0, outputTokens: 0, requests: 0 };
  const ask = async (user: string): Promise<Minutes> => {
    const messages: ChatMessage[] = [
      { role: "system", content: systemPrompt(meeting) },
      { role: "user", content: user },
    ];
    for (let attempt = 1; ; attempt++) {
      let answer = "";
      spent.requests++;
      for await (const chunk of llm.chat(messages, signal, { maxTokens: ANSWER_TOKENS })) {
        if (chunk.type === "text") answer += chunk.delta;
        else if (chunk.type === "usage") {
          spent.inputTokens += chunk.inputTokens;
          spent.outputTokens += chunk.outputTokens;
        }
      }
      const minutes = parseMinutes(answer);
      if (minutes) return minutes;
      if (attempt >= 2) throw new MinutesFormatError("The model did not answer in the summary format");
      messages.push({ role: "assistant", content: answer }, { role: "user", content: "That was not the JSON object asked for. Answer with the JSON object only." });
    }
  };

  const notes = meeting.notes.length ? `\n\nNotes taken during the meeting:\n${meeting.notes.join("\n")}` : "";
  const whole = meeting.transcript.join("\n");
  if (whole.length + notes.length <= budget) {
    const minutes = await ask(`Transcript:\n${whole || "(nothing was said)"}${notes}`);
    return { minutes, ...spent };
  }
  // Parts of the transcript first, then their minutes combined until one request holds them all.
  const parts = chunkLines(meeting.transcript, budget);
  let partials: string[] = [];
  for (const [i, part] of parts.entries()) {
    partials.push(JSON.stringify(await ask(`This is part ${i + 1} of ${parts.length} of the meeting's transcript; write the minutes of this part.\n\nTranscript:\n${part}`)));
  }
  while (partials.join("\n").length + notes.length > budget && partials.length > 1) {
    const groups = chunkLines(partials, budget);
    if (groups.length === partials.length) break; // each alone is as small as it gets
    partials = [];
    for (const group of groups) partials.push(JSON.stringify(await ask(`Combine these minutes of consecutive parts of one meeting (one JSON object per line, in order) into the minutes of the whole.\n\n${group}`)));
  }
  const minutes = await ask(`Combine these minutes of consecutive parts of one meeting (one JSON object per line, in order) into the minutes of the whole meeting.\n\n${partials.join("\n")}${notes}`);
  return { minutes, ...spent };
}
