import http from "node:http";
import https from "node:https";
import { guardedLookup, isPrivateHostname, PrivateAddressError } from "../net/private-address.ts";
import { webhookPrivateUrlsAllowed } from "./private-urls.ts";

// One HTTP attempt of a webhook: POST, no redirects followed (a 3xx is a failure, as Standard Webhooks
// says), one 10 s deadline for the whole exchange, the private-address guard on the name and on the
// address it resolves to at connection time. Never throws: the result says what happened.

export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 500;
const MAX_READ_BYTES = 16 * 1024;

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  /** The start of the answer's body, for the delivery log. */
  excerpt: string | null;
  /** Why no answer came (or why the answer was not read). */
  error: string | null;
}

// Keep-alive pools, one per scheme and guard: a busy endpoint reuses its connection.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, guarded: boolean): http.Agent {
  const key = `${protocol}|${guarded}`;
  let agent = agents.get(key);
  if (!agent) {
    const options: https.AgentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000, ...(guarded ? { lookup: guardedLookup } : {}) };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

function describe(err: NodeJS.ErrnoException): string {
  if (err instanceof PrivateAddressError) return "The address points to a private network address";
  if (err.message === "timeout") return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`;
  if (err.code === "ECONNREFUSED") return "Connection refused";
  if (err.code === "ENOTFOUND" || err.code === "EAI_AGAIN") return "The host name could not be resolved";
  if (err.code === "ECONNRESET") return "The connection was reset";
  if (err.code?.startsWith("ERR_TLS") || err.code?.includes("CERT")) return `TLS error (${err.code})`;
  return err.code ? `Network error (${err.code})` : "Network error";
}

export function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(rawUrl);
  const guarded = !webhookPrivateUrlsAllowed();
  if (guarded && isPrivateHostname(url.hostname)) {
    return Promise.resolve({ ok: false, statusCode: null, latencyMs: 0, excerpt: null, error: "The address points to a private network address" });
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const excerpt = chunks.length ? Buffer.concat(chunks).toString("utf8").slice(0, EXCERPT_CHARS) : null;
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({ ok, statusCode, latencyMs: elapsed(), excerpt, error });
    };
    const req = client.request(url, {
      method: "POST",
      agent: agentFor(url.protocol, guarded),
      headers: { "content-type": "application/json", "user-agent": "Cohost-Webhooks/1", "content-length": String(Buffer.byteLength(body)), ...headers },
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })), timeoutMs);
    req.on("response", (res) => {
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        if (size < MAX_READ_BYTES) chunks.push(chunk);
        size += chunk.length;
        // Nobody needs more of it: stop reading (the connection is not reused).
        if (size >= MAX_READ_BYTES) {
          res.destroy();
          finish(null);
        }
      });
      res.on("end", () => finish(null));
      res.on("error", (err) => finish(statusCode !== null ? null : describe(err)));
    });
    req.on("error", (err: NodeJS.ErrnoException) => finish(describe(err)));
    req.end(body);
  });
}
