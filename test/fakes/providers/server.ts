import http from "node:http";
import { FAKE_PROTOCOLS, providerUrls, VALID_KEY, type FakeProtocol } from "./protocols.ts";
import { closeNow, listenLocally } from "../local-server.ts";

// Local stand-ins for the provider APIs that "Test key" calls: one HTTP server on 127.0.0.1, each
// provider under its own prefix (`env` maps PROVIDER_BASE_URL_<ID> to it) and speaking its wire
// contract (protocols.ts). A key is valid only when it arrives in that provider's own scheme.

interface FakeBehaviour {
  /** Answer after this many ms (timeouts). */
  delayMs?: number;
  /** Answer every request with this status (outages). */
  status?: number;
}

interface SeenRequest {
  provider: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * Finds the provider for a path: "/<id>/<its path>", or, for a base URL without a prefix, the
 * provider whose path it is (OpenAI and Anthropic share /v1/models and are told apart by the
 * anthropic-version header their clients send).
 */
function route(url: URL, headers: http.IncomingHttpHeaders): { provider: string; protocol: FakeProtocol } | null {
  const [, first, ...rest] = url.pathname.split("/");
  const prefixed = FAKE_PROTOCOLS[first];
  if (prefixed) {
    const path = `/${rest.join("/")}`;
    return path === prefixed.path || (first === "openai-compatible" && path.endsWith(prefixed.path)) ? { provider: first, protocol: prefixed } : null;
  }
  const matches = Object.entries(FAKE_PROTOCOLS).filter(([id, p]) => id !== "openai-compatible" && p.path === url.pathname);
  const [provider, protocol] = matches.find(([id]) => (id === "anthropic") === Boolean(headers["anthropic-version"])) ?? matches[0] ?? [];
  return provider && protocol ? { provider, protocol } : null;
}

export async function startFakeProviders(initial: FakeBehaviour = {}) {
  let behaviour = initial;
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const target = route(url, req.headers);
    seen.push({ provider: target?.provider ?? "", path: url.pathname, query: url.search, headers: req.headers });
    const answer = () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (behaviour.status) return send(behaviour.status, { error: "fake outage" });
      if (!target || req.method !== "GET") return send(404, { error: "not found" });
      if (target.protocol.authorized(req.headers, url, VALID_KEY)) return send(200, target.protocol.ok);
      send(target.protocol.rejected.status, target.protocol.rejected.body);
    };
    if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
    else answer();
  });
  const url = `http://127.0.0.1:${await listenLocally(server)}`;
  return {
    url,
    /** env: PROVIDER_BASE_URL_<ID> for every provider with a fixed host; compatibleBaseUrl: for the OpenAI-compatible entry. */
    ...providerUrls(url, Object.keys(FAKE_PROTOCOLS)),
    validKey: VALID_KEY,
    seen,
    set(next: FakeBehaviour) {
      behaviour = next;
    },
    close: () => closeNow(server),
  };
}
