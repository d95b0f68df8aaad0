import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/next-auth";
import { stripe } from "@/lib/billing/stripe";
import { startFakeProviders } from "@/test/fakes/providers/server";
import { startFakeStripe } from "@/test/fakes/stripe/server";
import { JUNK_BODIES, JUNK_IDS, JUNK_QUERIES, type JunkBody } from "./junk";
import { HTTP_METHODS, discoverRoutes, urlPath, type HttpMethod, type RouteFile } from "./routes";
import { goodParams, seedUser, type Params, type SeededUser } from "./seed";
import { snapshot } from "./snapshot";

// Issue 12: bad input never gets a 5xx. Every route.ts under app/api (found on disk, so routes added
// later are walked too) gets, for each method it exports and signed in as a user who owns one record
// of each kind: junk bodies, junk path ids and junk query strings. For every answer:
// - never a 5xx; an error is JSON with a message;
// - an error changed nothing: the user's rows (every table with a userId) and the reference data are
//   as before; a GET changes nothing either;
// - junk no endpoint may accept (broken JSON, NUL, lone surrogates, prototype keys, oversize) is
//   refused with a 4xx whenever the handler reads the body; a junk path id is always a 4xx.
// A body the handler never reads is not input: such a request may succeed (DELETE ignores bodies).

type Handler = (request: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const routes = discoverRoutes();
const modules = new Map<string, Record<string, unknown>>(await Promise.all(routes.map(async (r) => [r.key, await import(r.file)] as const)));

const WEBHOOK_SECRET = "whsec_junk_walk";

// Routes that take more than junk to reach, each handled on purpose. A key that matches no route
// fails the walk, so this list cannot silently go stale.
const SPECIAL: Record<string, { notWalked?: string; signedJunk?: true; participantKey?: true; presence?: true }> = {
  // NextAuth's handler reads next/headers, which exists only inside Next's request scope: its glue is
  // walked over HTTP by e2e/hardening.spec.ts; our code behind it (authOptions) gets junk below.
  "auth/[...nextauth]": { notWalked: "needs Next's request scope" },
  // Stripe's webhook: unsigned junk is refused by the signature check, so junk is also sent signed
  // with the webhook secret, to reach the event handling behind it.
  "billing/webhook": { signedJunk: true },
  // A room participant's routes check their key first: junk is also sent with the real key (and,
  // for signals, a real recipient), to reach what comes after.
  // Its stream is a GET that marks the participant present: a successful one refreshes lastSeenAt.
  "rooms/[id]/participants/[participantId]/events": { participantKey: true, presence: true },
  "rooms/[id]/participants/[participantId]/leave": { participantKey: true },
  "rooms/[id]/participants/[participantId]/signals": { participantKey: true },
};

// Path parameters the walk has no real value for, each with the reason. Any other parameter
// without a seeded record fails the walk (test/api/seed.ts seeds one of each).
const UNSEEDED: Record<string, string> = {};

let nextIp = 0;
function request(method: HttpMethod, url: string, token: string, body?: JunkBody, extra: Record<string, string> = {}) {
  // A new address per request keeps the per-IP auth limit from answering for the handler.
  const headers = new Headers({ ...extra, authorization: token, "x-forwarded-for": `10.12.${(nextIp >> 8) & 255}.${nextIp++ & 255}` });
  if (body) headers.set("content-type", body.contentType);
  // Aborted once the answer is in, as a browser would on leaving: streaming handlers clean up.
  const controller = new AbortController();
  const real = new Request(url, { method, headers, body: body?.body, signal: controller.signal });
  // Notes whether the handler reads the body, so unread junk is not mistaken for accepted junk.
  const seen = { bodyRead: false };
  const readers = new Set<PropertyKey>(["body", "text", "json", "arrayBuffer", "formData", "blob", "bytes"]);
  const probe = new Proxy(real, {
    get(target, key) {
      if (readers.has(key)) seen.bodyRead = true;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { probe, seen, done: () => controller.abort() };
}

interface Probe {
  label: string;
  params: Params;
  query?: string;
  body?: JunkBody;
  headers?: Record<string, string>;
  /** The answer must be a 4xx: junk ids always, refused junk bodies when read. */
  mustRefuse?: "always" | "if-read";
}

async function walk(route: RouteFile, method: HttpMethod, probes: (user: SeededUser, params: Params) => Probe[]) {
  const handler = modules.get(route.key)![method] as Handler;
  const user = await seedUser();
  const { params: good, unresolved } = goodParams(route, user);
  const failures = unresolved.filter((name) => !UNSEEDED[`${route.key}:${name}`]).map((name) => `[${name}]: nothing seeded (test/api/seed.ts) and not listed in UNSEEDED`);
  for (const p of probes(user, good)) {
    const path = urlPath(route, p.params);
    const { probe, seen, done } = request(method, `http://localhost:3000${path}${p.query ?? ""}`, user.token, p.body, p.headers);
    const before = await snapshot(user.userId);
    let status: number;
    let text = "";
    let type: string | null;
    try {
      const response = await handler(probe, { params: Promise.resolve(p.params) });
      status = response.status;
      type = response.headers.get("content-type");
      // Only errors are read: a successful answer may be a stream that never ends (EventSource).
      if (status >= 400) text = await response.text();
      else await response.body?.cancel();
    } catch (err) {
      failures.push(`${p.label}: the handler threw ${(err as Error).message}`);
      continue;
    } finally {
      done();
    }
    const after = await snapshot(user.userId);
    const where = `${method} ${path.slice(0, 80)} [${p.label}] → ${status}`;
    if (status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
    if (status >= 400) {
      let body: { message?: unknown } | null = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* reported below */
      }
      if (!type?.includes("application/json") || typeof body?.message !== "string" || !body.message) failures.push(`${where}: error without a JSON message: ${text.slice(0, 200)}`);
    }
    const changed = SPECIAL[route.key]?.presence && status < 400 ? !isDeepStrictEqual(withoutPresence(before), withoutPresence(after)) : !isDeepStrictEqual(before, after);
    if ((status >= 400 || method === "GET") && changed) failures.push(`${where}: data changed`);
    const refuse = p.mustRefuse === "always" || (p.mustRefuse === "if-read" && seen.bodyRead);
    if (refuse && (status < 400 || status >= 500)) failures.push(`${where}: junk was not refused`);
  }
  expect(failures).toEqual([]);
}

/** A snapshot without room participants' lastSeenAt, which an open event stream keeps fresh. */
function withoutPresence(snap: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(snap), (key, value) => (key === "lastSeenAt" ? undefined : value));
}

const bodyProbes = (good: Params): Probe[] =>
  JUNK_BODIES.map((body) => ({ label: `body: ${body.label}`, params: good, body, mustRefuse: body.refused ? "if-read" : undefined }));

function idProbes(route: RouteFile, good: Params): Probe[] {
  return route.segments.flatMap((s) =>
    s.param
      ? JUNK_IDS.map((junk) => ({
          label: `[${s.param!.name}] = ${JSON.stringify(junk.slice(0, 20))}`,
          params: { ...good, [s.param!.name]: s.param!.catchAll ? [junk] : junk },
          mustRefuse: "always" as const,
        }))
      : [],
  );
}

const queryProbes = (good: Params): Probe[] => JUNK_QUERIES.map((query) => ({ label: `query ${query.slice(0, 40)}`, params: good, query }));

/** Events with a valid signature and junk inside: what only Stripe (or someone with the secret) can send. */
function signedEventProbes(good: Params, records: Record<string, string>): Probe[] {
  const events = [
    "123",
    "null",
    "[]",
    '{"id":1,"type":2,"data":3}',
    '{"id":"evt_junk_1","type":"payment_intent.succeeded"}',
    '{"id":"evt_junk_2","type":"payment_intent.succeeded","data":{"object":null}}',
    `{"id":"evt_junk_3","type":"payment_intent.succeeded","data":{"object":{"id":"pi_x","amount":1e308,"metadata":{"topUpId":42,"userId":{"x":1}}}}}`,
    `{"id":"evt_junk_4","type":"payment_intent.succeeded","data":{"object":{"id":"pi_\\u0000","amount_received":"lots","metadata":{"topUpId":"${records.TopUp}","userId":"\\u0000"}}}}`,
    '{"id":"evt_\\u0000","type":"checkout.session.expired","data":{"object":{"id":"cs_x"}}}',
    '{"id":"evt_junk_5","type":"checkout.session.completed","data":{"object":{"id":"cs_\\u0000","payment_status":"paid","payment_intent":{"id":7},"metadata":{"topUpId":["x"]}}}}',
    '{"id":"evt_junk_6","type":"charge.refunded","data":{"object":{"payment_intent":"\\u0000","refunded":"yes","refunds":{"data":[{"id":7,"amount":"lots"}]}}}}',
    '{"id":"evt_junk_7","type":"charge.dispute.created","data":{"object":{"payment_intent":{"id":"\\ud800"},"amount":-1e400}}}',
    `{"id":"evt_junk_8","type":"payment_intent.payment_failed","data":{"object":{"metadata":{"topUpId":"${"x".repeat(100_000)}","userId":"y"},"last_payment_error":{"message":42}}}}`,
  ];
  return events.map((payload, i) => ({
    label: `signed event ${i + 1}`,
    params: good,
    body: { label: "signed", body: payload, contentType: "application/json", refused: false },
    headers: { "stripe-signature": stripe().webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
  }));
}

/**
 * Junk from someone who holds a participant's key: each junk JSON object again with the real key,
 * a real recipient and itself as the signal's payload, and each junk query with the key.
 */
function participantProbes(good: Params, user: SeededUser, method: HttpMethod): Probe[] {
  const key = encodeURIComponent(user.participantKey);
  if (method === "GET") return JUNK_QUERIES.map((query) => ({ label: `keyed query ${query.slice(0, 40)}`, params: good, query: `${query}&key=${key}` }));
  // Only junk a handler might accept: the refused kind never gets past the body parser.
  return JUNK_BODIES.filter((junk) => !junk.refused).flatMap((junk) => {
    let parsed: unknown;
    try {
      parsed = typeof junk.body === "string" && junk.contentType === "application/json" ? JSON.parse(junk.body) : undefined;
    } catch {
      return [];
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
    const body = JSON.stringify({ ...parsed, payload: parsed, key: user.participantKey, to: user.peerId });
    return [{ label: `keyed body: ${junk.label}`, params: good, body: { ...junk, label: `keyed ${junk.label}`, body } }];
  });
}

let providers: Awaited<ReturnType<typeof startFakeProviders>>;
let stripeFake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  // "Test key" calls reach the local fake providers, never the network.
  providers = await startFakeProviders();
  stripeFake = await startFakeStripe();
  Object.assign(process.env, providers.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(async () => {
  await providers.close();
  await stripeFake.close();
});

describe("the API walker", () => {
  it("finds every route file, and every special route it knows still exists", () => {
    const keys = routes.map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(["agents", "agents/[id]", "billing/webhook", "me", "[...path]"]));
    for (const key of Object.keys(SPECIAL)) expect(keys, `SPECIAL lists "${key}"`).toContain(key);
  });

  it("has a reason for every parameter it lists as unseeded, and each is still unseeded", async () => {
    const user = await seedUser();
    for (const [entry, reason] of Object.entries(UNSEEDED)) {
      const [key, name] = entry.split(":");
      const route = routes.find((r) => r.key === key);
      expect(route, `UNSEEDED lists "${entry}"`).toBeDefined();
      expect(reason.trim(), `UNSEEDED "${entry}" has no reason`).not.toBe("");
      expect(goodParams(route!, user).unresolved, `"${entry}" is seeded now: remove it from UNSEEDED`).toContain(name);
    }
  });
});

// NextAuth's own handler is walked over HTTP (e2e/hardening.spec.ts); what runs of ours behind it is
// authOptions(): the credentials check and the redirect rule, which get the junk here.
describe("/api/auth/[...nextauth]: our NextAuth options", () => {
  const options = authOptions();
  const credentials = options.providers.find((p) => p.id === "credentials") as unknown as {
    options: { authorize(c: unknown, req: unknown): Promise<unknown> };
  };
  const junkValues: unknown[] = [...JUNK_IDS, 0, -1, 1e308, true, null, undefined, [], {}, { __proto__: { admin: true } }, ["a@b.c"], "x".repeat(100_000)];

  it("refuses junk credentials without a throw other than a known sign-in error, signing nobody in", async () => {
    const known = new Set(["email_not_verified", "rate_limited", "service_unavailable"]);
    const failures: string[] = [];
    for (const email of junkValues) {
      for (const password of [email, "correct horse battery"]) {
        const ip = `10.13.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;
        try {
          const user = await credentials.options.authorize({ email, password }, { headers: { "x-forwarded-for": ip } });
          if (user !== null) failures.push(`${JSON.stringify(email)?.slice(0, 30)}: signed in as ${JSON.stringify(user)}`);
        } catch (err) {
          if (!known.has((err as Error).message)) failures.push(`${JSON.stringify(email)?.slice(0, 30)}: threw ${(err as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("redirects junk callback URLs to our own origin only", async () => {
    const baseUrl = "http://localhost:3000";
    const urls = [...JUNK_IDS, "//evil.example", "https://evil.example/x", "javascript:alert(1)", "http://localhost:3000.evil.example/", "/\\evil.example", ""];
    for (const url of urls) {
      const target = await options.callbacks!.redirect!({ url, baseUrl });
      expect(new URL(target).origin, JSON.stringify(url)).toBe(baseUrl);
    }
  });
});

for (const route of routes) {
  const special = SPECIAL[route.key];
  if (special?.notWalked) continue; // see SPECIAL
  const methods = HTTP_METHODS.filter((m) => typeof modules.get(route.key)![m] === "function");
  describe(`/api/${route.key}`, () => {
    for (const method of methods) {
      it(`${method}: junk bodies, ids and queries get a clean 4xx and change nothing`, { timeout: 180_000 }, async () => {
        if (special?.signedJunk) {
          Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_junk_walk", STRIPE_API_BASE: stripeFake.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
        }
        try {
          await walk(route, method, (user, good) => [
            ...(method === "GET" || method === "HEAD" ? [] : bodyProbes(good)),
            ...idProbes(route, good),
            ...queryProbes(good),
            ...(special?.signedJunk ? signedEventProbes(good, user.records) : []),
            ...(special?.participantKey ? participantProbes(good, user, method) : []),
          ]);
        } finally {
          if (special?.signedJunk) for (const name of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"]) delete process.env[name];
        }
      });
    }
  });
}
