import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks (standardwebhooks.com): the secret is "whsec_" + base64 bytes; the signature is
// "v1," + base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with those bytes.
const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function signatureHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
