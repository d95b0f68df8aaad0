import { createHash, randomBytes } from "node:crypto";

// Opaque secrets handed to users (e-mail links, refresh tokens) are random; only their SHA-256 is
// stored, so a database leak does not leak usable tokens.
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
