import { MAX_CHUNK_CHARS, MIN_CHUNK_CHARS } from "./tuning.ts";

// Abbreviations whose full stop does not end a sentence (English and German, the commonest).
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "e.g", "i.e", "approx", "fig", "inc", "ltd", "z.b", "d.h", "u.a", "bzw", "usw", "ca", "nr", "vgl", "hr", "fr"]);

/** Where a sentence ends in `text` at or after `from`: the index just past its punctuation, or -1. */
function sentenceEnd(text: string, from: number): number {
  const re = /[.!?…。！？]+["'”’)\]]*(?=\s)|[。！？]/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (m[0][0] === ".") {
      const before = text.slice(0, m.index);
      const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? "";
      // "Dr. Smith", "e.g. this", "3.5" (no space follows a decimal point, so never here) and initials ("J. Smith").
      if (ABBREVIATIONS.has(word) || /(^|\s)\p{Lu}$/u.test(before)) continue;
    }
    return end;
  }
  return -1;
}

/** Readable text for a voice: markdown marks, bullets and emoji removed, whitespace tidied. */
export function speakable(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, "")
    .replace(/^\s*(?:[-*•]|#+)\s+/gm, "")
    .replace(/[*`]+/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ");
}

/**
 * Cuts a stream of LLM tokens into sentence chunks for TTS, so speech can start as soon as the
 * first sentence is complete. Chunks shorter than MIN_CHUNK_CHARS are joined to the next sentence;
 * text that runs past MAX_CHUNK_CHARS without a sentence end is cut at the last clause or word.
 */
export class SentenceChunker {
  private buffer = "";

  push(delta: string): string[] {
    this.buffer += delta;
    const out: string[] = [];
    let from = 0;
    for (;;) {
      const end = sentenceEnd(this.buffer, from);
      if (end === -1) break;
      if (this.buffer.slice(0, end).trim().length < MIN_CHUNK_CHARS) {
        from = end;
        continue;
      }
      this.emit(this.buffer.slice(0, end), out);
      this.buffer = this.buffer.slice(end);
      from = 0;
    }
    while (this.buffer.length > MAX_CHUNK_CHARS) {
      const head = this.buffer.slice(0, MAX_CHUNK_CHARS);
      const clause = Math.max(head.lastIndexOf(", "), head.lastIndexOf("; "), head.lastIndexOf(": "));
      const cut = clause > MIN_CHUNK_CHARS ? clause + 1 : head.lastIndexOf(" ") > 0 ? head.lastIndexOf(" ") : MAX_CHUNK_CHARS;
      this.emit(this.buffer.slice(0, cut), out);
      this.buffer = this.buffer.slice(cut);
    }
    return out;
  }

  /** The rest, once the LLM is done. */
  flush(): string[] {
    const out: string[] = [];
    this.emit(this.buffer, out);
    this.buffer = "";
    return out;
  }

  private emit(text: string, out: string[]): void {
    // Punctuation left at the front (a too-short sentence of emoji joined to the next) is not spoken.
    const clean = speakable(text).replace(/^[\s.,;:!?…]+/, "").trim();
    if (/[\p{L}\p{N}]/u.test(clean)) out.push(clean);
  }
}
