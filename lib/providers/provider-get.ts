import { fetchBytes } from "../net/fetch-bytes.ts";

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body when asked for and the answer is JSON; else null. */
  json: unknown;
}

/**
 * One GET to a provider on the user's behalf (lib/net). Redirects are never followed; a guarded call
 * refuses private addresses before connecting and again when the name resolves (no DNS-rebinding
 * window). The timeout covers the whole exchange (a RequestTimeoutError); a body over `maxBytes` is
 * refused (a BodyTooLargeError). Without `readBody` the connection is dropped as soon as the status is known.
 */
export async function providerGet(url: URL, headers: Record<string, string>, opts: { timeoutMs: number; guard: boolean; readBody?: boolean; maxBytes?: number }): Promise<ProviderAnswer> {
  const answer = await fetchBytes(url, {
    headers: { accept: "application/json", "user-agent": "Cohost", ...headers },
    guarded: opts.guard,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes ?? 4 * 1024 * 1024,
    readBody: () => opts.readBody === true,
  });
  let json: unknown = null;
  try {
    if (answer.body) json = JSON.parse(answer.body.toString("utf8"));
  } catch {
    // Not JSON: the caller decides what a status without a body means.
  }
  return { status: answer.status, json };
}
