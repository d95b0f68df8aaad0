import { createHmac, timingSafeEqual } from "node:crypto";

// The local store's expiring read URLs: /api/storage/<key>?expires=<unix s>&signature=<HMAC-SHA256 of
// "<key>\n<expires>" under a key derived from APP_ENCRYPTION_KEY>. Served by app/api/storage/[...key].

function signingKey(): Buffer {
  const raw = process.env.APP_ENCRYPTION_KEY;
  if (!raw) throw new Error("APP_ENCRYPTION_KEY is not set");
  return createHmac("sha256", Buffer.from(raw, "base64")).update("cohost storage url v1").digest();
}

function signature(key: string, expires: number): string {
  return createHmac("sha256", signingKey()).update(`${key}\n${expires}`).digest("base64url");
}

export function signLocalUrl(baseUrl: string, key: string, expires: number): string {
  const encoded = key.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl}/api/storage/${encoded}?expires=${expires}&signature=${signature(key, expires)}`;
}

/** Whether a local URL's signature is this app's for `key` and has not expired at `now` (unix s). */
export function verifyLocalUrl(key: string, expires: string | null, given: string | null, now = Date.now() / 1000): boolean {
  const at = Number(expires);
  if (!given || !Number.isInteger(at) || at < now) return false;
  const expected = Buffer.from(signature(key, at));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
