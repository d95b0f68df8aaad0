import { encryptSecret } from "../crypto/secrets.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { createEndpointSchema, MAX_WEBHOOK_ENDPOINTS } from "./schema.ts";
import type { Sent } from "../contract/sent.ts";
import { serializeEndpoint, type createdWebhookEndpointResponse, type WebhookEndpointDto } from "./serialize.ts";
import { newWebhookSecret } from "./signing.ts";

/** Adds an endpoint and answers its signing secret, the only time it is shown. */
export async function createEndpoint(userId: string, body: unknown): Promise<{ endpoint: WebhookEndpointDto; secret: string }> {
  const input = parseWith(createEndpointSchema, body);
  if ((await db.webhookEndpoint.count({ where: { userId } })) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError("conflict", `You have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one you no longer use first.`);
  }
  const secret = newWebhookSecret();
  const row = await db.webhookEndpoint.create({
    data: { userId, url: input.url, description: input.description ?? "", events: input.events, secretEnc: encryptSecret(secret) },
  });
  return { endpoint: serializeEndpoint(row), secret } satisfies Sent<typeof createdWebhookEndpointResponse>;
}
