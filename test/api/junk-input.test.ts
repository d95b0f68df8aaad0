import fs from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripe } from "@/lib/billing/stripe";
import { db } from "@/lib/db/client";
import { startFakeProviders } from "@/test/fakes/providers/server";
import { startFakeStripe } from "@/test/fakes/stripe/server";
import { createUser } from "@/test/users";
import { JUNK_BODIES, JUNK_IDS, JUNK_QUERIES, type JunkBody } from "./junk";
import { HTTP_METHODS, discoverRoutes, urlPath, type HttpMethod, type RouteFile } from "./routes";
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
type Params = Record<string, string | string[]>;

const routes = discoverRoutes();
const modules = new Map<string, Record<string, unknown>>(await Promise.all(routes.map(async (r) => [r.key, await import(r.file)] as const)));

const WEBHOOK_SECRET = "whsec_junk_walk";

// Routes that take more than junk to reach, each handled on purpose. A key that matches no route
// fails the walk, so this list cannot silently go stale.
const SPECIAL: Record<string, { overHttp?: string; signedJunk?: true }> = {
  // NextAuth's handler reads next/headers, which exists only inside Next's request scope.
  "auth/[...nextauth]": { overHttp: "e2e/hardening.spec.ts" },
  // Stripe's webhook: unsigned junk is refused by the signature check, so junk is also sent signed
  // with the webhook secret, to reach the event handling behind it.
  "billing/webhook": { signedJunk: true },
};

// Parameters that name something other than a user's record.
const PARAM_VALUES: Record<string, string> = { kind: "stt", providerId: "deepgram" };
// Folders whose [id] names a record of a table with another name.
const FOLDER_TABLES: Record<string, string> = { "test-checkout": "TopUp" };
const NO_RECORD = `c${"0".repeat(24)}`;

/** A fresh user owning one record of each kind the API addresses by id. */
async function seedUser() {
  const { user, headers } = await createUser();
  const userId = user.id;
  const agent = await db.agent.create({ data: { userId, name: "Walker", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const inADay = new Date(Date.now() + 24 * 3600_000);
  const meeting = await db.meeting.create({ data: { userId, agentId: agent.id, title: "Walk", meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: inADay } });
  const calendar = await db.calendar.create({ data: { userId, agentId: agent.id, name: "Walk", source: "upload" } });
  const event = await db.calendarEvent.create({
    data: { userId, agentId: agent.id, title: "Walk", startsAt: inADay, meetingUrl: "https://zoom.us/j/2", platform: "zoom" },
  });
  const topUp = await db.topUp.create({ data: { userId, amountMicros: 25_000_000n, method: "test_checkout" } });
  const records: Record<string, string> = { Agent: agent.id, Meeting: meeting.id, Calendar: calendar.id, CalendarEvent: event.id, TopUp: topUp.id };
  return { userId, token: headers.authorization, records };
}

/** Real values for a route's parameters: the seeded record the parameter names, by its name or folder. */
function goodParams(route: RouteFile, records: Record<string, string>): { params: Params; unresolved: string[] } {
  const params: Params = {};
  const unresolved: string[] = [];
  route.segments.forEach((s, i) => {
    if (!s.param) return;
    const { name, catchAll } = s.param;
    if (catchAll) return void (params[name] = ["walk"]);
    if (PARAM_VALUES[name]) return void (params[name] = PARAM_VALUES[name]);
    const folder = route.segments[i - 1]?.name ?? "";
    const stem = (name === "id" ? folder : name.replace(/Id$/, "")).toLowerCase().replace(/[^a-z0-9]/g, "").replace(/s$/, "");
    const table =
      FOLDER_TABLES[folder] ??
      Object.keys(records).find((t) => t.toLowerCase() === stem) ??
      Object.keys(records).find((t) => t.toLowerCase().endsWith(stem));
    if (!table) unresolved.push(name);
    params[name] = table ? records[table] : NO_RECORD;
  });
  return { params, unresolved };
}

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

async function walk(route: RouteFile, method: HttpMethod, probes: (user: Awaited<ReturnType<typeof seedUser>>, params: Params) => Probe[]) {
  const handler = modules.get(route.key)![method] as Handler;
  const user = await seedUser();
  const { params: good, unresolved } = goodParams(route, user.records);
  if (unresolved.length) console.info(`[junk walk] /api/${route.key}: no seeded record for ${unresolved.join(", ")}; used a well-formed id that names nothing`);
  const failures: string[] = [];
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
    if ((status >= 400 || method === "GET") && !isDeepStrictEqual(before, after)) failures.push(`${where}: data changed`);
    const refuse = p.mustRefuse === "always" || (p.mustRefuse === "if-read" && seen.bodyRead);
    if (refuse && (status < 400 || status >= 500)) failures.push(`${where}: junk was not refused`);
  }
  expect(failures).toEqual([]);
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

  it("leaves NextAuth's catch-all to the HTTP walk in the e2e suite", () => {
    const spec = fs.readFileSync(path.resolve(import.meta.dirname, "../..", SPECIAL["auth/[...nextauth]"].overHttp!), "utf8");
    expect(spec).toContain("/api/auth/");
  });
});

for (const route of routes) {
  const special = SPECIAL[route.key];
  if (special?.overHttp) continue; // asserted above
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
          ]);
        } finally {
          if (special?.signedJunk) for (const name of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"]) delete process.env[name];
        }
      });
    }
  });
}
