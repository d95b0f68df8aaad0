import http from "node:http";
import https from "node:https";
import { guardedLookup, isPrivateHostname, PrivateAddressError } from "../net/private-address.ts";

export class ProviderTimeout extends Error {}
export class ProviderAnswerTooLarge extends Error {}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body when asked for and the answer is JSON; else null. */
  json: unknown;
}

/**
 * One GET to a provider on the user's behalf. Redirects are never followed (node:http does not); a
 * guarded call refuses private addresses before connecting and again when the name resolves (no
 * DNS-rebinding window). The timeout covers the whole exchange; a body over `maxBytes` is refused.
 * Without `readBody` the connection is dropped as soon as the status is known.
 */
export function providerGet(url: URL, headers: Record<string, string>, opts: { timeoutMs: number; guard: boolean; readBody?: boolean; maxBytes?: number }): Promise<ProviderAnswer> {
  if (opts.guard && isPrivateHostname(url.hostname)) return Promise.reject(new PrivateAddressError(url.hostname));
  const client = url.protocol === "https:" ? https : http;
  const maxBytes = opts.maxBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => req.destroy(new ProviderTimeout()), opts.timeoutMs);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    const req = client.request(
      url,
      { method: "GET", headers: { accept: "application/json", "user-agent": "Cohost", ...headers }, lookup: opts.guard ? guardedLookup : undefined },
      (res) => {
        const status = res.statusCode ?? 0;
        if (!opts.readBody) {
          res.destroy();
          return settle(() => resolve({ status, json: null }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return req.destroy(new ProviderAnswerTooLarge());
          chunks.push(chunk);
        });
        res.on("end", () => {
          let json: unknown = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // Not JSON: the caller decides what a status without a body means.
          }
          settle(() => resolve({ status, json }));
        });
        res.on("error", (err) => settle(() => reject(err)));
      },
    );
    req.on("error", (err) => settle(() => reject(err)));
    req.end();
  });
}
