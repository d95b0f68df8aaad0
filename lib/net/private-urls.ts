/** What a user-given URL is for: each has its own switch for private addresses. */
export type PrivateUrlPurpose = "provider" | "tool" | "webhook" | "calendar";

/**
 * Whether user-given URLs for `purpose` may reach private addresses. ALLOW_PRIVATE_PROVIDER_URLS=1
 * allows every user-given URL (a self-hosted model on the same network, and in tests);
 * ALLOW_PRIVATE_TOOL_URLS=1 agents' tool servers alone (the e2e stack's test server);
 * ALLOW_PRIVATE_WEBHOOK_URLS=1 webhook endpoints alone (a receiver on the operator's network).
 */
export function privateUrlsAllowed(purpose: PrivateUrlPurpose): boolean {
  if (process.env.ALLOW_PRIVATE_PROVIDER_URLS === "1") return true;
  if (purpose === "tool") return process.env.ALLOW_PRIVATE_TOOL_URLS === "1";
  if (purpose === "webhook") return process.env.ALLOW_PRIVATE_WEBHOOK_URLS === "1";
  return false;
}
