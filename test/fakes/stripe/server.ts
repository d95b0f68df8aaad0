import http from "node:http";
import { randomUUID } from "node:crypto";
import { closeNow, listenLocally } from "../local-server.ts";

// A local stand-in for the parts of Stripe's HTTP API that Cohost calls, speaking its wire format:
// form-encoded bodies with bracketed keys, Bearer secret key, JSON objects and Stripe-shaped errors.

type Obj = Record<string, unknown>;

/** Turns `line_items[0][price_data][currency]=usd` style keys into nested objects. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node: Obj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return out;
}

export type ChargeOutcome = "succeed" | "card_declined" | "authentication_required";

export async function startFakeStripe() {
  const requests: { method: string; path: string; body: Obj; idempotencyKey?: string }[] = [];
  const intents = new Map<string, Obj>();
  const state = { nextCharge: "succeed" as ChargeOutcome };
  // A slow Stripe: while held, charges (POST /v1/payment_intents) get no answer until released.
  let held: { gate: Promise<void>; release: () => void } | null = null;
  const arrivals: (() => void)[] = [];
  const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 16)}`;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = parseForm(raw);
      requests.push({ method: req.method!, path: url.pathname, body, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(json));
      };
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? "")) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/customers") {
        return send(200, { id: id("cus"), object: "customer", email: body.email, metadata: body.metadata ?? {} });
      }
      const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
      if (req.method === "DELETE" && customerMatch) {
        if (!customerMatch[1].startsWith("cus_")) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such customer: '${customerMatch[1]}'` } });
        return send(200, { id: customerMatch[1], object: "customer", deleted: true });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const sid = id("cs_test");
        const items = body.line_items as Record<string, { price_data: { unit_amount: string }; quantity: string }>;
        const total = Object.values(items).reduce((s, i) => s + Number(i.price_data.unit_amount) * Number(i.quantity), 0);
        return send(200, {
          id: sid,
          object: "checkout.session",
          mode: body.mode,
          customer: body.customer,
          amount_total: total,
          currency: "usd",
          payment_status: "unpaid",
          status: "open",
          metadata: body.metadata ?? {},
          payment_intent: null,
          url: `https://checkout.stripe.test/c/pay/${sid}`,
        });
      }
      const piMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && piMatch) {
        const intent = intents.get(piMatch[1]) ?? { id: piMatch[1], object: "payment_intent", status: "succeeded", payment_method: "pm_card_visa", metadata: {} };
        return send(200, intent);
      }
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        arrivals.splice(0).forEach((arrived) => arrived());
        if (held) return void held.gate.then(() => charge());
        return charge();
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });

      function charge() {
        const pid = id("pi");
        const outcome = state.nextCharge;
        const intent = {
          id: pid,
          object: "payment_intent",
          amount: Number(body.amount),
          amount_received: outcome === "succeed" ? Number(body.amount) : 0,
          currency: body.currency,
          customer: body.customer,
          payment_method: body.payment_method,
          metadata: body.metadata ?? {},
          status: outcome === "succeed" ? "succeeded" : "requires_payment_method",
        };
        intents.set(pid, intent);
        if (outcome === "succeed") return send(200, intent);
        return send(402, {
          error: {
            type: "card_error",
            code: outcome,
            decline_code: outcome === "card_declined" ? "generic_decline" : undefined,
            message: outcome === "card_declined" ? "Your card was declined." : "This payment requires authentication.",
            payment_intent: intent,
          },
        });
      }
    });
  });
  const port = await listenLocally(server);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    setIntent: (intent: Obj & { id: string }) => intents.set(intent.id, intent),
    /** Holds every charge without an answer until the returned release() (a Stripe slower than anything waiting on it). */
    holdCharges(): () => void {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      held = { gate, release };
      return () => {
        held = null;
        release();
      };
    },
    /** Resolves when the next charge request arrives (held or not). */
    nextCharge: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    close: () => closeNow(server),
  };
}
