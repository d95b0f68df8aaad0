import { words } from "./words.ts";

/**
 * True when `text` contains the wake word as whole words, ignoring case, punctuation and how the
 * STT split or joined it: for "Cohost", "cohost", "Co-host", "co host" and "CO-HOST!" all match, but
 * "cohosting" does not. Multi-word wake words ("Hey Cohost") match the same way, as a whole.
 */
export function containsWakeWord(text: string, wakeWord: string): boolean {
  const target = words(wakeWord).join("");
  if (!target) return false;
  const heard = words(text);
  for (let start = 0; start < heard.length; start++) {
    let joined = "";
    for (let end = start; end < heard.length && joined.length < target.length; end++) {
      joined += heard[end];
      if (joined === target) return true;
    }
  }
  return false;
}
