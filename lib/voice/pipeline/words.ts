// Word-level text normalisation shared by the wake-word match and the echo guard: STT output differs
// in case, punctuation, hyphenation and accents from what we compare it with.

/** Lower-case words without punctuation; hyphens and apostrophes split words ("co-host" → co, host). */
export function words(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}
