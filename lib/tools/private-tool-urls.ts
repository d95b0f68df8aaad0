import { privateUrlsAllowed } from "../net/private-address.ts";

/**
 * Whether agents' tool servers may be on private addresses: ALLOW_PRIVATE_TOOL_URLS=1 (tools on the
 * operator's own network; the e2e stack's test server), or ALLOW_PRIVATE_PROVIDER_URLS=1, which
 * allows every user-given URL.
 */
export function privateToolUrlsAllowed(): boolean {
  return process.env.ALLOW_PRIVATE_TOOL_URLS === "1" || privateUrlsAllowed();
}
