import { createHmac } from "node:crypto";
import { decryptSecret } from "../../crypto/secrets.ts";

// An agent's own Zoom Meeting SDK app (spec §3: app key and secret on the agent). The secret is
// decrypted in the bot's Node process and only ever used here, to sign the Meeting SDK's JWT (the
// signature Zoom's docs say must be made on a server); the page gets the signature, never the secret.

export interface ZoomApp {
  key: string;
  secret: string;
}

/** The agent's Zoom app, or undefined when it has none (the bot then uses Zoom's web client). */
export function zoomAppOf(agent: { zoomAppKey: string | null; zoomAppSecretEnc: string | null }): ZoomApp | undefined {
  if (!agent.zoomAppKey || !agent.zoomAppSecretEnc) return undefined;
  return { key: agent.zoomAppKey, secret: decryptSecret(agent.zoomAppSecretEnc) };
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** Lifetime of a signature: Zoom accepts 30 minutes to 48 hours; a join needs minutes. */
export const ZOOM_SIGNATURE_SECONDS = 2 * 60 * 60;

/**
 * The Meeting SDK signature for joining `meetingNumber` as a participant (role 0): an HS256 JWT of
 * appKey/sdkKey, mn, role, iat, exp and tokenExp (Zoom's meetingsdk-auth-endpoint-sample). iat is
 * set 30 s back so a bot whose clock runs a little ahead of Zoom's is not refused.
 */
export function zoomSignature(app: ZoomApp, meetingNumber: string, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000) - 30;
  const exp = iat + ZOOM_SIGNATURE_SECONDS;
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify({ appKey: app.key, sdkKey: app.key, mn: meetingNumber, role: 0, iat, exp, tokenExp: exp }));
  const signature = createHmac("sha256", app.secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}
