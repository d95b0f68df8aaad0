import { hash, verify } from "@node-rs/argon2";
import { AppError } from "../errors/app-error.ts";
import { PASSWORD_PROBLEM_MESSAGES, passwordStrength } from "./password-strength.ts";

// Argon2id (memory-hard), parameters from OWASP's password storage guidance.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export { PASSWORD_MIN_LENGTH } from "./password-length.ts";

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same cost as a real check, so timing does not reveal which accounts exist.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Refuses a new password that is common or easy to guess (lib/auth/password-strength.ts). */
export function assertHardToGuess(password: string, personal: string[], field = "password"): void {
  const { problem } = passwordStrength(password, personal);
  if (!problem) return;
  const message = PASSWORD_PROBLEM_MESSAGES[problem];
  throw new AppError("validation_error", message, { issues: [{ path: field, message }] });
}
