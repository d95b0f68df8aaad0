import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Provider keys and Zoom secrets at rest: AES-256-GCM with APP_ENCRYPTION_KEY (base64, 32 bytes).
// Format "v1:<base64 iv(12) | tag(16) | ciphertext>"; the version prefix allows key rotation later.
function key(): Buffer {
  const raw = process.env.APP_ENCRYPTION_KEY;
  if (!raw) throw new Error("APP_ENCRYPTION_KEY is not set");
  const buf = Buffer.from(raw, "base64");
  if (buf.length !== 32) throw new Error("APP_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  return buf;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64")}`;
}

export function decryptSecret(stored: string): string {
  if (!stored.startsWith("v1:")) throw new Error("Unknown secret format");
  const buf = Buffer.from(stored.slice(3), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key(), buf.subarray(0, 12));
  decipher.setAuthTag(buf.subarray(12, 28));
  return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]).toString("utf8");
}

/**
 * A keyed digest of `text` for one purpose (HMAC-SHA256 under APP_ENCRYPTION_KEY, base64url): proof
 * that the server said something about that text, which the browser can carry but not forge.
 */
export function sealDigest(purpose: string, text: string): string {
  return createHmac("sha256", key()).update(`${purpose}\u0000${text}`).digest("base64url");
}

/** Whether `digest` is sealDigest(purpose, text), compared in constant time. */
export function digestMatches(purpose: string, text: string, digest: string): boolean {
  const want = Buffer.from(sealDigest(purpose, text));
  const got = Buffer.from(digest);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * A hint that identifies a key without revealing it: "sk-…9f2c". At most the last 4 characters, and
 * only for keys long enough that at least 8 stay hidden; a vendor prefix ("sk-", "gsk_") only when
 * the key is long enough that the prefix gives nothing away.
 */
export function maskSecret(plain: string): string {
  const tail = plain.length >= 12 ? plain.slice(-4) : "";
  const prefix = /^[A-Za-z]{1,4}[-_]/.exec(plain)?.[0] ?? "";
  return `${plain.length >= prefix.length + 16 ? prefix : ""}…${tail}`;
}
