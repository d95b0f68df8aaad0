import type http from "node:http";
import { RedirectError, RequestTimeoutError } from "./errors.ts";
import { openRequest } from "./open-request.ts";
import { readBody } from "./read-body.ts";

export interface BytesRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Refuse private addresses (openRequest), at every redirect too. */
  guarded: boolean;
  /** One deadline for the whole exchange (connecting, every redirect, the body): then a RequestTimeoutError. */
  timeoutMs: number;
  /** The largest body accepted, after decompression: more is a BodyTooLargeError. */
  maxBytes: number;
  /** Inflate a gzip, deflate or br body (the caller asks for them in accept-encoding). */
  decompress?: boolean;
  /** Whether an answer with this status has a body worth reading (default: every answer); other bodies are dropped. */
  readBody?: (status: number) => boolean;
  /**
   * Redirects to follow (none by default: a 3xx is the answer). `check` sees each new address and
   * gives the one to fetch, or a problem (a RedirectError); one too many is a RedirectError too.
   */
  redirects?: { max: number; check: (url: URL) => URL | string };
}

export interface BytesAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Null where `readBody` said not to read it. */
  body: Buffer | null;
}

/** One request answered in full: a fetch for small bodies the caller reads whole (a calendar, a model list). */
export async function fetchBytes(url: URL, req: BytesRequest): Promise<BytesAnswer> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new RequestTimeoutError(req.timeoutMs)), req.timeoutMs);
  const { signal } = deadline;
  try {
    for (let hop = 0; ; hop++) {
      const res = await openRequest(url, { method: req.method, headers: req.headers, body: req.body, guarded: req.guarded, signal });
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (req.redirects && status >= 300 && status < 400 && location) {
        res.destroy();
        const next = req.redirects.check(new URL(location, url));
        if (typeof next === "string") throw new RedirectError(next);
        if (hop >= req.redirects.max) throw new RedirectError(null);
        url = next;
        continue;
      }
      if (req.readBody && !req.readBody(status)) {
        res.destroy();
        return { status, headers: res.headers, body: null };
      }
      const body = await readBody(res, { maxBytes: req.maxBytes, decompress: req.decompress, signal });
      return { status, headers: res.headers, body };
    }
  } finally {
    clearTimeout(timer);
  }
}
