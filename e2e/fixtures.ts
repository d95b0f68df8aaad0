import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { hashPassword } from "../lib/auth/passwords";
import { startPostgres, stopPostgres } from "../test/support/postgres-switch";
import { E2E, launcherUrl, stackPorts } from "./support/ports";
import type { StackProcesses, StackShape } from "./support/stack";

export { expect };

export const PASSWORD = "e2e-password-123";

/** The database of this worker's stack (or of another slot's). */
export function databaseUrl(slot = E2E.slot): string {
  return JSON.parse(fs.readFileSync(stackPorts(slot).stateFile, "utf8")).databaseUrl;
}

/** Runs SQL against the app's database (test set-up only; assertions go through the UI/API); `slot`: another stack's. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = [], slot = E2E.slot): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(slot) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Sends `signal` to the bot worker that runs the meeting (its pid is in the meeting's workerId,
 * "host:pid:…"): a worker stopped or killed mid-meeting; npm start brings a new one up. Returns
 * when the signal was sent (Date.now()).
 */
export async function signalWorkerOf(meetingId: string, signal: NodeJS.Signals): Promise<number> {
  const [{ workerId }] = await sql<{ workerId: string }>(`SELECT "workerId" FROM "Meeting" WHERE id = $1`, [meetingId]);
  const sentAt = Date.now();
  process.kill(Number(workerId.split(":")[1]), signal);
  return sentAt;
}

/** The stack's PostgreSQL goes away and comes back on the same port with the same data (fault tests). */
export const postgres = {
  stop: () => stopPostgres(E2E.controlUrl),
  start: () => startPostgres(E2E.controlUrl),
};

export function uniqueEmail(tag = "e2e"): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

// One hash of PASSWORD per worker, given to every test user: argon2 is slow on purpose (tens of
// milliseconds of CPU a hash), and signing in still verifies it for real.
let passwordHash: Promise<string> | undefined;
const passwordHashOnce = () => (passwordHash ??= hashPassword(PASSWORD));

/** A verified user created straight in the database (of another slot's stack with `slot`). */
export async function createUser(opts: Partial<Pick<TestUser, "email" | "firstName" | "lastName">> & { verified?: boolean; slot?: number } = {}): Promise<TestUser> {
  const user = {
    id: `e2e${randomUUID().replace(/-/g, "").slice(0, 20)}`,
    email: opts.email ?? uniqueEmail(),
    password: PASSWORD,
    firstName: opts.firstName ?? "Ada",
    lastName: opts.lastName ?? "Lovelace",
  };
  await sql(
    `INSERT INTO "User" (id, email, "passwordHash", "firstName", "lastName", "emailVerified", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, $6, now())`,
    [user.id, user.email, await passwordHashOnce(), user.firstName, user.lastName, opts.verified === false ? null : new Date()],
    opts.slot,
  );
  return user;
}

/** Signs in through next-auth's credentials endpoint; the session cookie lands in the page's context. */
export async function signInAs(request: APIRequestContext, user: Pick<TestUser, "email" | "password">): Promise<void> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true", callbackUrl: "/" },
  });
  expect(res.ok(), `sign-in of ${user.email} failed with ${res.status()}`).toBeTruthy();
  const session = await (await request.get("/api/auth/session")).json();
  expect(session?.user?.email ?? session?.user?.id, "no session after sign-in").toBeTruthy();
}

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for the newest e-mail to `to` captured by the test SMTP server (optionally after `count` earlier ones). */
export async function waitForMail(to: string, opts: { count?: number; timeoutMs?: number } = {}): Promise<CapturedMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  const wanted = (opts.count ?? 0) + 1;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/messages?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as CapturedMail[];
    if (mails.length >= wanted) return mails[wanted - 1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} within the timeout`);
}

/** The first link in a mail's text that starts with the app URL. */
export function linkIn(mail: CapturedMail): string {
  const match = (mail.text + mail.html).match(new RegExp(`${E2E.appUrl.replace(/[.:/]/g, "\\$&")}[^\\s"'<>]+`));
  if (!match) throw new Error(`no app link in mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}

/** Asks the launcher for this worker's stack (slot 0's runs from the start); resolves once it is up. */
async function ensureStack(): Promise<void> {
  if (E2E.slot === 0) return;
  const res = await fetch(`${launcherUrl}/stacks/${E2E.slot}`, { method: "POST", signal: AbortSignal.timeout(240_000) });
  if (res.status !== 204) throw new Error(`the e2e stack of slot ${E2E.slot} did not start (${res.status}): ${await res.text()}`);
}

/**
 * A stack of many processes on `slot` (StackShape, e2e/support/stack.ts), started afresh by the
 * launcher for this test, which may signal its processes; resolves with them once all are ready.
 */
export async function startShapedStack(slot: number, shape: StackShape): Promise<StackProcesses> {
  const { env = {}, ...sizes } = shape;
  const query = new URLSearchParams([...Object.entries(sizes).map(([k, v]) => [k, String(v)]), ...Object.entries(env).map(([k, v]) => [`env.${k}`, v])]);
  const res = await fetch(`${launcherUrl}/stacks/${slot}?${query}`, { method: "POST", signal: AbortSignal.timeout(600_000) });
  if (res.status !== 200) throw new Error(`the shaped stack of slot ${slot} did not start (${res.status}): ${await res.text()}`);
  return res.json();
}

/** Stops a shaped stack (startShapedStack). */
export async function stopShapedStack(slot: number): Promise<void> {
  await fetch(`${launcherUrl}/stacks/${slot}`, { method: "DELETE", signal: AbortSignal.timeout(120_000) });
}

export const test = base.extend<{ user: TestUser; signedIn: Page }, { stack: void }>({
  // Each worker has a stack of its own (e2e/support/ports.ts), started the first time it is needed.
  stack: [async ({}, use) => use(await ensureStack()), { scope: "worker", auto: true, timeout: 300_000 }],
  // Pages, contexts and API requests go to this worker's stack.
  baseURL: async ({}, use) => use(E2E.appUrl),
  // A fresh verified user per test.
  user: async ({}, use) => {
    await use(await createUser());
  },
  // A page whose context is signed in as `user`.
  signedIn: async ({ page, user }, use) => {
    await signInAs(page.request, user);
    await use(page);
  },
});

/** Tops up the signed-in user's balance through the test-mode checkout (the same path a person takes). */
export async function topUp(request: APIRequestContext, usd: number): Promise<void> {
  const res = await request.post("/api/billing/topup", { data: { amount: usd } });
  expect(res.ok(), `top-up failed with ${res.status()}`).toBeTruthy();
  const { id } = await res.json();
  const paid = await request.post(`/api/billing/test-checkout/${id}/pay`);
  expect(paid.ok(), `test checkout failed with ${paid.status()}`).toBeTruthy();
}

/** An agent's providers, with the keys the stack's voice fakes accept. */
export const AGENT_PROVIDERS = {
  sttProviderId: "deepgram",
  sttApiKey: "valid-key-0123456789",
  aiProviderId: "openai",
  aiApiKey: "valid-key-0123456789",
  ttsProviderId: "elevenlabs",
  ttsApiKey: "valid-key-0123456789",
};

/**
 * Creates an agent for the signed-in user through the API; returns its id. Summaries are off unless
 * a test asks for them: a summary job asks the shared fake LLM after a meeting, and would take the
 * next test's scripted answer.
 */
export async function createAgentViaApi(request: APIRequestContext, over: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const res = await request.post("/api/agents", {
    data: {
      name: "Meeting helper",
      description: "Answers questions about the agenda.",
      language: "en",
      wakeWord: "hey cohost",
      ...AGENT_PROVIDERS,
      meetingPlatform: "meet",
      summaries: false,
      ...over,
    },
  });
  expect(res.status(), `agent creation failed: ${await res.text()}`).toBe(201);
  return res.json();
}
