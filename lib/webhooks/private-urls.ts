import { privateUrlsAllowed } from "../net/private-address.ts";

/**
 * Whether webhook endpoints may be on private addresses: where the operator allows it for provider
 * URLs (ALLOW_PRIVATE_PROVIDER_URLS=1), or for webhooks alone (ALLOW_PRIVATE_WEBHOOK_URLS=1, e.g. a
 * receiver on the same network; the e2e suite's receiver on loopback).
 */
export function webhookPrivateUrlsAllowed(): boolean {
  return privateUrlsAllowed() || process.env.ALLOW_PRIVATE_WEBHOOK_URLS === "1";
}
