import { ECHO_TAIL_MS, ECHO_WORD_RATIO } from "./tuning.ts";
import { words } from "./words.ts";

export interface Utterance {
  words: string[];
  startMs: number;
  /** Infinity while it is still being spoken. */
  endMs: number;
}

/**
 * Recognises the agent's own voice coming back through the meeting (a participant's open speaker,
 * a platform that mixes the bot's audio into what it sends back). Frames tagged with the bot's own
 * id never get this far; this catches what arrives untagged or under someone else's name: a
 * transcript heard while the agent spoke (or just after) whose words are mostly, in order, the
 * agent's own.
 */
export class EchoGuard {
  private utterances: Utterance[] = [];

  /** The agent starts saying something; `addText` as more of it is known. */
  begin(startMs: number): Utterance {
    const u: Utterance = { words: [], startMs, endMs: Infinity };
    this.utterances.push(u);
    return u;
  }

  addText(u: Utterance, text: string): void {
    u.words.push(...words(text));
  }

  end(u: Utterance, endMs: number): void {
    u.endMs = endMs;
  }

  /** Whether words heard between `startMs` and `endMs` are the agent's own. */
  isEcho(text: string, startMs: number, endMs: number): boolean {
    this.utterances = this.utterances.filter((u) => u.endMs + ECHO_TAIL_MS >= startMs || u.endMs === Infinity);
    const heard = words(text);
    if (!heard.length) return false;
    return this.utterances.some(
      (u) => startMs <= u.endMs + ECHO_TAIL_MS && endMs >= u.startMs && commonInOrder(heard, u.words) >= ECHO_WORD_RATIO * heard.length,
    );
  }
}

/** Length of the longest common subsequence of two word lists. */
function commonInOrder(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = word === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return prev[b.length];
}
