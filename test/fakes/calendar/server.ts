import http from "node:http";
import { closeNow, listenLocally } from "../local-server.ts";
import { GoogleCalendarFake } from "./google.ts";
import { GraphFake } from "./microsoft.ts";

// The calendar providers' stand-ins on one loopback port (their paths do not overlap), plus a small
// control API under /__control for tests driven from another process (the e2e specs).

export interface CalendarFakes {
  port: number;
  url: string;
  google: GoogleCalendarFake;
  graph: GraphFake;
  env: Record<string, string>;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
  });
}

export async function startCalendarFakes(port = 0): Promise<CalendarFakes> {
  const google = new GoogleCalendarFake();
  const graph = new GraphFake();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    const body = await readBody(req);
    if (url.pathname === "/__control/google/put" && req.method === "POST") {
      for (const e of JSON.parse(body) as ({ id: string } & Record<string, unknown>)[]) google.put(e);
      return res.end("{}");
    }
    if (url.pathname === "/__control/google/remove" && req.method === "POST") {
      google.remove((JSON.parse(body) as { id: string }).id);
      return res.end("{}");
    }
    if (url.pathname === "/__control/google/notify" && req.method === "POST") {
      return res.end(JSON.stringify(await google.notify()));
    }
    if (url.pathname === "/__control/google/revoke-all" && req.method === "POST") {
      google.grants.revokeAll();
      return res.end("{}");
    }
    if (url.pathname === "/__control/microsoft/put" && req.method === "POST") {
      for (const e of JSON.parse(body) as ({ id: string } & Record<string, unknown>)[]) graph.put(e);
      return res.end("{}");
    }
    if (url.pathname === "/__control/microsoft/remove" && req.method === "POST") {
      graph.remove((JSON.parse(body) as { id: string }).id);
      return res.end("{}");
    }
    if (url.pathname === "/__control/microsoft/subscriptions" && req.method === "POST") {
      return res.end(JSON.stringify([...graph.subscriptions.values()].map((s) => ({ id: s.id, resource: s.resource }))));
    }
    if (url.pathname === "/__control/microsoft/notify" && req.method === "POST") {
      return res.end(JSON.stringify(await graph.notify()));
    }
    if (google.handle(req, res, url, body) || graph.handle(req, res, url, body)) return;
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: 404, message: "Not Found" } }));
  });
  const actual = await listenLocally(server, port);
  const url = `http://127.0.0.1:${actual}`;
  return {
    port: actual,
    url,
    google,
    graph,
    env: {
      GOOGLE_ACCOUNTS_URL: url,
      GOOGLE_OAUTH2_URL: url,
      GOOGLE_CALENDAR_API_URL: url,
      MICROSOFT_CLIENT_ID: "e2e-microsoft-client",
      MICROSOFT_CLIENT_SECRET: "e2e-microsoft-secret",
      MICROSOFT_LOGIN_URL: url,
      MICROSOFT_GRAPH_URL: url,
    },
    close: () => closeNow(server),
  };
}
