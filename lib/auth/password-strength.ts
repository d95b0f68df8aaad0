import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

// One password rule for the server (sign-up, reset, change) and the browser's strength hint, which
// loads this module only once someone types a new password (the common-password list is ~200 kB
// gzip). zxcvbn-ts estimates how many guesses a cracker needs, with about 30,000 of the most common
// leaked passwords, keyboard patterns, sequences, repeats, dates and the person's own name and
// e-mail as known words. NIST SP 800-63B asks for exactly this check instead of composition rules.

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
/** Why a password is refused, for a message in the person's language. */
export type PasswordProblem = "common" | "personal" | "guessable";

/** Scores 0 and 1 (fewer than about a million guesses) are refused. */
export const MIN_PASSWORD_SCORE = 2;

let factory: ZxcvbnFactory | null = null;
const zxcvbn = () => (factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

const COMMON_WARNINGS = new Set(["topTen", "topHundred", "common", "similarToCommon"]);

export interface PasswordStrength {
  score: PasswordScore;
  /** Set when the password is refused. */
  problem: PasswordProblem | null;
}

/** `personal`: words of the person's own (name, e-mail) that a guesser would try first. */
export function passwordStrength(password: string, personal: string[] = []): PasswordStrength {
  const words = personal.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  const result = zxcvbn().check(password.slice(0, 100), words);
  const score = result.score as PasswordScore;
  if (score >= MIN_PASSWORD_SCORE) return { score, problem: null };
  const warning = result.feedback.warning ?? "";
  const problem = warning === "userInputs" ? "personal" : COMMON_WARNINGS.has(warning) ? "common" : "guessable";
  return { score, problem };
}

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  common: "This password is one of the most common ones. Choose one that is harder to guess.",
  personal: "This password is built from your name or e-mail. Choose one that is harder to guess.",
  guessable: "This password is too easy to guess. A few unrelated words make a strong one.",
};
