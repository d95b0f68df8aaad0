import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import { guardedLookup, isPrivateHostname, PrivateAddressError } from "../net/private-address.ts";

/** The largest response body we read from a tool server (one JSON-RPC answer, or one SSE stream). */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

// One keep-alive pool per scheme and guard: a meeting's tool calls reuse the connection (and TLS
// session) its MCP session opened instead of paying a handshake per call, and a socket opened without
// the private-address guard never serves a guarded request.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, guarded: boolean): http.Agent {
  const key = `${protocol}|${guarded}`;
  let agent = agents.get(key);
  if (!agent) {
    const options: https.AgentOptions = { keepAlive: true, keepAliveMsecs: 15_000, maxSockets: 16, maxFreeSockets: 4, timeout: 120_000 };
    if (guarded) options.lookup = guardedLookup;
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * A `fetch` for user-given tool servers (MCP over Streamable HTTP). With `guarded`, a name that
 * resolves to a private address is refused at connection time (guardedLookup, so DNS rebinding
 * cannot slip through) and literal private addresses before connecting. node:http follows no
 * redirects; the MCP SDK follows same-origin ones itself. A body larger than 4 MB is cut with an error.
 */
export function guardedFetch(guarded: boolean): FetchLike {
  return (input, init = {}) => {
    const url = new URL(input);
    if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new TypeError(`Unsupported protocol ${url.protocol}`));
    if (guarded && isPrivateHostname(url.hostname)) return Promise.reject(new PrivateAddressError(`${url.hostname} is a private address`));
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init.body === "string" ? init.body : init.body == null ? undefined : null;
    if (body === null) return Promise.reject(new TypeError("Only text request bodies are supported"));
    const client = url.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const send = (firstTry: boolean) => {
        const req = client.request(
          url,
          {
            method: init.method ?? "GET",
            headers: { "user-agent": "Cohost tools", ...headers, ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}) },
            agent: agentFor(url.protocol, guarded),
            lookup: guarded ? guardedLookup : undefined,
            signal,
          },
          (res) => {
            const responseHeaders = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
            const status = res.statusCode ?? 502;
            const empty = status === 204 || status === 304 || init.method === "HEAD";
            let size = 0;
            const capped = res.pipe(
              new Transform({
                transform(chunk: Buffer, _encoding, done) {
                  size += chunk.length;
                  done(size > MAX_RESPONSE_BYTES ? new Error(`The tool server sent more than ${MAX_RESPONSE_BYTES} bytes`) : null, chunk);
                },
              }),
            );
            res.on("error", (err) => capped.destroy(err));
            if (empty) res.resume();
            resolve(new Response(empty ? null : (Readable.toWeb(capped) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers: responseHeaders }));
          },
        );
        req.on("error", (err: NodeJS.ErrnoException) => {
          // A kept-alive socket the server closed while idle fails at once: that request never
          // arrived, so it goes again on a fresh connection.
          if (firstTry && req.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE")) return send(false);
          reject(err);
        });
        req.end(body);
      };
      send(true);
    });
  };
}
