import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { test, expect, createAgentViaApi, createUser, postgres, signInAs, topUp, PASSWORD, type TestUser } from "../fixtures";
import { E2E } from "../support/ports";

// Issue 17: PostgreSQL stopped for 10 s under API traffic (20 connections over many routes, signed
// in with session cookies, bearer access tokens and API keys). While it is down every answer is a 503 JSON with
// Retry-After or the route's normal answer (routes that need no database: the session, the CSRF
// token, an unknown path); never a 500, never HTML, never a hang. Afterwards every route answers as
// before. And a person who clicks to a page during the outage reads that the database is unreachable,
// and sees the page once it is back, without doing anything.

const CONNECTIONS = 20;
const OUTAGE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;

interface Caller {
  user: TestUser;
  api: APIRequestContext;
  via: "cookie" | "bearer" | "api key";
  agentId: string;
  meetingId: string;
}

interface Call {
  label: string;
  send: (c: Caller) => Promise<APIResponse>;
}

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

// Reads and writes across the API, and NextAuth's own routes.
const CALLS: Call[] = [
  { label: "GET /api/me", send: (c) => c.api.get("/api/me") },
  { label: "PUT /api/me", send: (c) => c.api.put("/api/me", { data: { firstName: "Ada", lastName: "Lovelace" } }) },
  { label: "GET /api/agents", send: (c) => c.api.get("/api/agents") },
  { label: "GET /api/agents/{id}", send: (c) => c.api.get(`/api/agents/${c.agentId}`) },
  { label: "GET /api/agents/{id}/calendar", send: (c) => c.api.get(`/api/agents/${c.agentId}/calendar`) },
  { label: "GET /api/meetings", send: (c) => c.api.get("/api/meetings") },
  { label: "GET /api/meetings/{id}/details", send: (c) => c.api.get(`/api/meetings/${c.meetingId}/details`) },
  { label: "POST /api/meetings/join", send: (c) => c.api.post("/api/meetings/join", { data: { agentId: c.agentId, meetingUrl: "https://zoom.us/j/123456789", startAt: inAWeek() } }) },
  { label: "GET /api/calendars", send: (c) => c.api.get("/api/calendars") },
  { label: "GET /api/billing/usage-history", send: (c) => c.api.get("/api/billing/usage-history?page=1&limit=20") },
  { label: "GET /api/billing/topup-history", send: (c) => c.api.get("/api/billing/topup-history") },
  { label: "GET /api/billing/pricing-rates", send: (c) => c.api.get("/api/billing/pricing-rates") },
  { label: "GET /api/providers/stt", send: (c) => c.api.get("/api/providers/stt") },
  { label: "GET /api/health", send: (c) => c.api.get("/api/health") },
  { label: "GET /api/no-such-route", send: (c) => c.api.get("/api/no-such-route") },
  { label: "GET /api/auth/session", send: (c) => c.api.get("/api/auth/session") },
  {
    label: "POST /api/auth/callback/credentials",
    send: async (c) => {
      const { csrfToken } = await (await c.api.get("/api/auth/csrf")).json();
      return c.api.post("/api/auth/callback/credentials", { form: { csrfToken, email: c.user.email, password: PASSWORD, json: "true" } });
    },
  },
  { label: "POST /api/token", send: (c) => c.api.post("/api/token", { data: { grant_type: "password", email: c.user.email, password: PASSWORD } }) },
];

interface Answer {
  call: string;
  via: Caller["via"];
  at: number;
  status: number | "no answer";
  type: string;
  retryAfter: string | null;
  body: string;
}

async function ask(caller: Caller, call: Call): Promise<Answer> {
  const at = Date.now();
  try {
    const res = await call.send(caller);
    return {
      call: call.label,
      via: caller.via,
      at,
      status: res.status(),
      type: res.headers()["content-type"] ?? "",
      retryAfter: res.headers()["retry-after"] ?? null,
      body: (await res.text()).slice(0, 300),
    };
  } catch (err) {
    return { call: call.label, via: caller.via, at, status: "no answer", type: "", retryAfter: null, body: String((err as Error).message).slice(0, 300) };
  }
}

/** What is wrong with an answer given while the database was down (null: a 503 as promised, or a normal answer). */
function outageProblem(a: Answer, normal: Set<Answer["status"]>): string | null {
  if (a.status === 503) {
    let body: { error?: unknown; message?: unknown } = {};
    try {
      body = JSON.parse(a.body);
    } catch {
      return "503 that is not JSON";
    }
    if (!a.type.includes("application/json") || body.error !== "service_unavailable" || typeof body.message !== "string") return `503 without the service_unavailable JSON: ${a.body}`;
    if (!(Number(a.retryAfter) > 0)) return "503 without Retry-After";
    return null;
  }
  if (normal.has(a.status)) return null;
  return `${a.status} (normally ${[...normal].join(" or ")}, ${a.type}): ${a.body.slice(0, 160)}`;
}

async function newCaller(via: Caller["via"]): Promise<Caller> {
  const user = await createUser();
  const api = await playwrightRequest.newContext({ baseURL: E2E.appUrl, timeout: REQUEST_TIMEOUT_MS });
  await signInAs(api, user);
  await topUp(api, 10);
  const agent = await createAgentViaApi(api);
  const meeting = await api.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: "https://meet.google.com/abc-defg-hij", startAt: inAWeek() } });
  expect(meeting.status()).toBe(201);
  const meetingId = (await meeting.json()).id;
  if (via === "cookie") return { user, api, via, agentId: agent.id, meetingId };
  const token =
    via === "bearer"
      ? (await (await api.post("/api/token", { data: { grant_type: "password", email: user.email, password: PASSWORD } })).json()).access_token
      : (await (await api.post("/api/api-keys", { data: { name: "Outage", scope: "full" } })).json()).key;
  expect(token, `no ${via} for ${user.email}`).toBeTruthy();
  await api.dispose();
  const bearer = await playwrightRequest.newContext({ baseURL: E2E.appUrl, timeout: REQUEST_TIMEOUT_MS, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  return { user, api: bearer, via, agentId: agent.id, meetingId };
}

test("PostgreSQL down for 10 s under 20 connections: 503 JSON with Retry-After or a normal answer, full recovery after", async () => {
  const kinds: Caller["via"][] = ["cookie", "bearer", "api key"];
  const callers = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => newCaller(kinds[i % kinds.length])));
  try {
    // Each route's normal answers, per kind of sign-in (twice: a second join is a conflict).
    const normal = new Map<string, Set<Answer["status"]>>();
    const key = (call: string, via: Caller["via"]) => `${call} ${via}`;
    for (let round = 0; round < 2; round++) {
      for (const caller of callers.slice(0, kinds.length)) {
        for (const call of CALLS) {
          const a = await ask(caller, call);
          normal.set(key(call.label, caller.via), (normal.get(key(call.label, caller.via)) ?? new Set()).add(a.status));
        }
      }
    }
    const isNormal = (a: Answer) => normal.get(key(a.call, a.via))!.has(a.status);
    expect([...normal].filter(([, statuses]) => [...statuses].some((s) => s === "no answer" || s >= 500)).map(([k, s]) => `${k}: ${[...s]}`)).toEqual([]);

    const answers: Answer[] = [];
    let running = true;
    const loops = callers.map(async (caller, i) => {
      for (let n = i; running; n++) answers.push(await ask(caller, CALLS[n % CALLS.length]));
    });

    await new Promise((r) => setTimeout(r, 2000));
    const down = Date.now();
    await postgres.stop();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await postgres.start();
    const up = Date.now();
    // Traffic goes on until every route has answered normally again, within 30 s.
    await expect
      .poll(() => CALLS.every((call) => answers.some((a) => a.call === call.label && a.at > up && isNormal(a))), { timeout: 30_000 })
      .toBe(true);
    running = false;
    await Promise.all(loops);

    const during = answers.filter((a) => a.at >= down && a.at < up);
    // An outage signs nobody out: the cookie callers' session stays readable throughout.
    const sessions = answers.filter((a) => a.call === "GET /api/auth/session" && a.via === "cookie");
    expect(sessions.filter((a) => !a.body.includes('"user"')).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    const problems = during.map((a) => ({ a, problem: outageProblem(a, normal.get(key(a.call, a.via))!) })).filter((p) => p.problem);
    expect(problems.map(({ a, problem }) => `${a.call} (${a.via}): ${problem}`)).toEqual([]);
    expect(during.filter((a) => a.status === 503).length, "the outage was felt").toBeGreaterThan(CONNECTIONS);
    expect(answers.filter((a) => a.status === "no answer" || a.status === 500).map((a) => `${a.call}: ${a.status} ${a.body}`)).toEqual([]);

    // After the outage, every route answers as before, for both kinds of sign-in.
    const afterwards: string[] = [];
    for (const caller of callers.slice(0, kinds.length)) {
      for (const call of CALLS) {
        const a = await ask(caller, call);
        if (!isNormal(a)) afterwards.push(`${call.label} (${caller.via}): ${a.status} ${a.body.slice(0, 160)}`);
      }
    }
    expect(afterwards).toEqual([]);
    console.log(`[fault] ${answers.length} answers, ${during.length} during the outage (${during.filter((a) => a.status === 503).length} × 503)`);
  } finally {
    await Promise.all(callers.map((c) => c.api.dispose()));
  }
});

test("a page opened while the database is down says so, and shows itself once it is back", async ({ signedIn: page }) => {
  await page.goto("/agents");
  const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
  await postgres.stop();
  try {
    await nav.getByRole("link", { name: "Dashboard" }).click();
    const down = page.getByRole("heading", { name: "We can't reach the database right now" });
    await expect(down).toBeVisible();
    // Reloading asks the server for the whole page: 503 with Retry-After (issue 31: it was a 500),
    // and a page that says Cohost is briefly unavailable and tries again by itself.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(503);
    expect(Number(reloaded?.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Cohost is briefly unavailable" })).toBeVisible();
  } finally {
    await postgres.start();
  }
  // Nobody clicks anything: the page checks again by itself.
  await expect(page.getByRole("heading", { name: "Credit balance" })).toBeVisible({ timeout: 20_000 });
});

test("a test room opened while the database is down: 503 with Retry-After, a page in the visitor's language that opens the room once it is back", async ({ signedIn: page }) => {
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  await postgres.stop();
  try {
    // The room's link, opened as a person opens a link they were sent.
    const opened = await page.goto(room.url);
    expect(opened?.status()).toBe(503);
    expect(Number(opened?.headers()["retry-after"])).toBeGreaterThan(0);
    expect(opened?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { level: 1, name: "Cohost is briefly unavailable" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("tries again by itself");
    // German visitors read it in German.
    const german = await page.request.get(room.url, { headers: { accept: "text/html", "accept-language": "de-DE,de;q=0.9" }, maxRedirects: 0 });
    expect(german.status()).toBe(503);
    expect(await german.text()).toContain("Cohost ist kurz nicht erreichbar");
  } finally {
    await postgres.start();
  }
  // Nobody clicks anything: the room's lobby appears once the database is back.
  await expect(page.getByRole("button", { name: "Join", exact: true })).toBeVisible({ timeout: 30_000 });
});
