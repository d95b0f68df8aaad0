import { encode } from "next-auth/jwt";
import { beforeAll, expect, it } from "vitest";
import { ownPostgresForFile } from "@/test/support/own-postgres";
import { HTTP_METHODS, discoverRoutes, urlPath, type HttpMethod, type RouteFile } from "./routes";
import { goodParams, seedUser, type SeededUser } from "./seed";

// Issue 17: with PostgreSQL down, every /api route answers 503 JSON with Retry-After (or what it
// answers anyway when it does not need the database), never a 500 and never a hang; once the
// database is back, every route answers as before. Every route.ts under app/api, every method it
// exports, signed in with a bearer token or the session cookie in turn, with the user's real ids.
// The database is this file's own (this file runs in its own process, whose database client is
// created on first use), so it can really be stopped. The HTTP side, under concurrent traffic and
// with NextAuth's routes, is e2e/faults/database-outage.fault.ts.

type Handler = (request: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const routes = discoverRoutes();
// NextAuth's handler needs Next's request scope: covered over HTTP by the e2e fault test.
const OVER_HTTP_ONLY = new Set(["auth/[...nextauth]"]);

const own = ownPostgresForFile("cohost_outage", { prepare: true, dataDir: true });
let user: SeededUser;
let cookie: string;

beforeAll(async () => {
  user = await seedUser();
  cookie = `next-auth.session-token=${await encode({ token: { sub: user.userId }, secret: process.env.NEXTAUTH_SECRET! })}`;
});

interface Answer {
  request: string;
  status: number;
  type: string | null;
  retryAfter: string | null;
  body: string;
}

/** One request per route and method: with the user's ids, a small JSON body, bearer or cookie in turn. */
async function everyRoute(): Promise<Answer[]> {
  const answers: Answer[] = [];
  let n = 0;
  for (const route of routes.filter((r) => !OVER_HTTP_ONLY.has(r.key))) {
    const module = (await import(route.file)) as Record<string, unknown>;
    for (const method of HTTP_METHODS.filter((m) => typeof module[m] === "function")) {
      answers.push(await ask(route, method, module[method] as Handler, n++ % 2 === 0 ? { authorization: user.token } : { cookie }));
    }
  }
  return answers;
}

async function ask(route: RouteFile, method: HttpMethod, handler: Handler, auth: Record<string, string>): Promise<Answer> {
  const { params } = goodParams(route, user);
  const url = new URL(`http://localhost:3000${urlPath(route, params)}`);
  if (method === "GET") url.searchParams.set("key", user.participantKey);
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(method);
  const controller = new AbortController();
  const request = new Request(url, {
    method,
    headers: { ...auth, "content-type": "application/json", "x-forwarded-for": "10.17.0.1" },
    body: hasBody ? JSON.stringify({ key: user.participantKey }) : undefined,
    signal: controller.signal,
  });
  const label = `${method} ${url.pathname} (${auth.cookie ? "cookie" : "bearer"})`;
  // Bounded: a request that hangs while the database is down fails here, not at the suite's timeout.
  const answer = await Promise.race([
    handler(request, { params: Promise.resolve(params) }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${label} did not answer within 10 s`)), 10_000)),
  ]);
  // Only errors are read: a successful answer may be a stream that never ends (EventSource).
  const body = answer.status >= 400 ? await answer.text() : "";
  controller.abort();
  await answer.body?.cancel().catch(() => {});
  return { request: label, status: answer.status, type: answer.headers.get("content-type"), retryAfter: answer.headers.get("retry-after"), body };
}

it("answers every route with 503 JSON and Retry-After while PostgreSQL is down, and as before once it is back", { timeout: 180_000 }, async () => {
  await own.database.stop();
  const during = await everyRoute();
  await own.database.start();
  const after = await everyRoute();

  const problems: string[] = [];
  during.forEach((d, i) => {
    const a = after[i];
    if (a.status >= 500 && a.status !== 503) problems.push(`after the outage, ${a.request} → ${a.status} ${a.body.slice(0, 200)}`);
    if (d.status === 503) {
      const body = JSON.parse(d.body || "null");
      if (!d.type?.includes("application/json") || body?.error !== "service_unavailable" || typeof body.message !== "string") {
        // A 503 for another reason (a feature this server is not configured for) is the same answer as with the database.
        if (a.status !== 503) problems.push(`${d.request} → 503 that is not service_unavailable JSON: ${d.body.slice(0, 200)}`);
      } else if (!(Number(d.retryAfter) > 0)) {
        problems.push(`${d.request} → 503 without Retry-After`);
      }
    } else if (d.status !== a.status) {
      // Not 503: only right when the route answers the same without the database.
      problems.push(`${d.request} → ${d.status} during the outage, ${a.status} after it: ${d.body.slice(0, 200)}`);
    }
  });
  expect(problems).toEqual([]);
  // The outage was real: routes that read the user's data said so.
  expect(during.filter((d) => d.status === 503).length).toBeGreaterThan(routes.length / 2);
});
