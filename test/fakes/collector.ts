import http from "node:http";
import { closeNow, listenLocally } from "./local-server.ts";

// Stand-ins for the two services the browser reports to, each on its own origin like the real ones:
// the page-view analytics collector (JSON beacons) and a Sentry-compatible error reporter (envelopes
// POSTed to /api/<project>/envelope/, one JSON document per line). Both answer browsers' CORS
// preflights the way the real services do. GET /received lists what arrived; GET
// /received?origin=<page origin> only what pages of that origin sent (the e2e slots share one pair).
export interface Received {
  /** The sending page's origin (the Origin header browsers send with these cross-origin requests). */
  origin: string | undefined;
  path: string;
  contentType: string | undefined;
  body: string;
  /** Envelopes only: the header, item header and event, one JSON document per line. */
  envelope?: unknown[];
}

export async function startCollector(port: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    // Beacons are sent with credentials, so the origin is echoed rather than "*".
    const cors = {
      "access-control-allow-origin": req.headers.origin ?? "*",
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "content-type",
      vary: "origin",
    };
    const url = new URL(req.url ?? "/", "http://collector");
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors).end();
      return;
    }
    if (req.method === "GET" && url.pathname === "/received") {
      const origin = url.searchParams.get("origin");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(origin ? received.filter((r) => r.origin === origin) : received));
      return;
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const entry: Received = { origin: req.headers.origin, path: url.pathname, contentType: req.headers["content-type"], body };
      if (/^\/api\/[^/]+\/envelope\/$/.test(url.pathname)) entry.envelope = body.split("\n").filter(Boolean).map((line) => JSON.parse(line));
      received.push(entry);
      res.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify({ id: "ok" }));
    });
  });
  await listenLocally(server, port);
  return {
    received,
    close: () => closeNow(server),
  };
}
