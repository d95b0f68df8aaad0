import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

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
 * A hint that identifies a key without revealing it: "sk-…9f2c". At most the last 4 characters, and
 * only for keys long enough that at least 8 stay hidden; a vendor prefix ("sk-", "gsk_") only when
 * the key is long enough that the prefix gives nothing away.
 */
export function maskSecret(plain: string): string {
  const tail = plain.length >= 12 ? plain.slice(-4) : "";
  const prefix = /^[A-Za-z]{1,4}[-_]/.exec(plain)?.[0] ?? "";
  return `${plain.length >= prefix.length + 16 ? prefix : ""}…${tail}`;
}
