import { Readable, Transform } from "node:stream";
import { BodyTooLargeError } from "./errors.ts";
import { openRequest } from "./open-request.ts";

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` over the pool, for a library that takes one (the MCP SDK): text bodies only, no redirects
 * followed (the caller follows the ones it wants), and a response body cut with a BodyTooLargeError
 * past `maxBytes`. With `guarded`, private addresses are refused like openRequest's.
 */
export function webFetch(opts: { guarded: boolean; userAgent: string; maxBytes: number; peer: string }): FetchLike {
  return async (input, init = {}) => {
    const headers: Record<string, string> = { "user-agent": opts.userAgent };
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init.body === "string" ? init.body : init.body == null ? undefined : null;
    if (body === null) throw new TypeError("Only text request bodies are supported");
    const res = await openRequest(new URL(input), { method: init.method ?? "GET", headers, body, guarded: opts.guarded, signal: init.signal ?? undefined });
    const responseHeaders = new Headers();
    for (let i = 0; i < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
    const status = res.statusCode ?? 502;
    const empty = status === 204 || status === 304 || init.method === "HEAD";
    if (empty) {
      res.resume();
      return new Response(null, { status, statusText: res.statusMessage, headers: responseHeaders });
    }
    let size = 0;
    const capped = res.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > opts.maxBytes ? new BodyTooLargeError(opts.maxBytes, opts.peer) : null, chunk);
        },
      }),
    );
    res.on("error", (err) => capped.destroy(err));
    return new Response(Readable.toWeb(capped) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers: responseHeaders });
  };
}
