import http from "node:http";
import { Webhook } from "standardwebhooks";
import { closeNow, listenLocally } from "./local-server.ts";

// A webhook receiver on a loopback port, as a customer would run one: it verifies every request with
// the Standard Webhooks library (npm `standardwebhooks`) and answers as told: 200, 500, 200 with a NUL byte in its body, never (hang),
// or not at all (closed: the connection is refused).

export type Answer = "ok" | "error" | "hang" | "nul";

export interface Received {
  /** The path and query it was sent to. */
  url: string;
  id: string;
  timestamp: string;
  body: { type: string; timestamp: string; data: any };
  /** Whether the signature verified with the endpoint's secret. */
  verified: boolean;
  answer: Answer;
}

export async function startReceiver(opts: { port?: number } = {}) {
  const received: Received[] = [];
  let secret: string | null = null;
  let answer: (n: number) => Answer = () => "ok";
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      try {
        if (secret) new Webhook(secret).verify(raw, headers);
        verified = Boolean(secret);
      } catch {
        verified = false;
      }
      const a = answer(received.length + 1);
      received.push({ url: req.url ?? "", id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], body: JSON.parse(raw), verified, answer: a });
      if (a === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (a === "nul") return void res.writeHead(200, { "content-type": "text/plain" }).end("ok\u0000thanks");
      res.writeHead(a === "ok" ? 200 : 500, { "content-type": "text/plain" }).end(a === "ok" ? "thanks" : "receiver is down for maintenance");
    });
  });
  let port = await listenLocally(server, opts.port ?? 0);
  let listening = true;
  return {
    get url() {
      return `http://127.0.0.1:${port}/hooks/cohost`;
    },
    received,
    useSecret(s: string) {
      secret = s;
    },
    answer(fn: (n: number) => Answer) {
      answer = fn;
    },
    /** Stops accepting connections (they are refused) until `open()`. */
    async shut() {
      if (!listening) return;
      listening = false;
      for (const res of hanging) res.destroy();
      await closeNow(server);
    },
    async open() {
      if (listening) return;
      port = await listenLocally(server, port);
      listening = true;
    },
    close() {
      return this.shut();
    },
  };
}
