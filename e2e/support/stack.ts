// One e2e stack (a slot, e2e/support/ports.ts): a real PostgreSQL (embedded), a real SMTP server
// capturing every message (readable over a small HTTP API), a local OIDC server standing in for
// Google, local fakes of every STT/AI/TTS provider, and Cohost itself through `npm start`
// (scripts/start.ts) pointed at all of them. Started by the launcher, e2e/support/server.ts.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { startEmbeddedPostgres } from "../../lib/db/embedded.ts";
import { startCalendarFakes } from "../../test/fakes/calendar/server.ts";
import { startVoiceFakes } from "../../test/fakes/voice/server.ts";
import { ensureSecret } from "../../lib/secrets-bootstrap.ts";
import { nextStartArgs } from "../../scripts/next-start.ts";
import { handlePostgresSwitch } from "../../test/support/postgres-switch.ts";
import { startSmtpCapture } from "../../test/support/smtp.ts";
import { E2E_BUILD_ENV } from "./app-env.ts";
import { stackPorts } from "./ports.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface Stack {
  /** Resolves with the app's exit code when Cohost exits. */
  exited: Promise<number | null>;
  /** A shaped stack's processes (below); undefined for `npm start`'s. */
  processes?: StackProcesses;
  stop(): Promise<void>;
}

/**
 * Cohost as several processes on the stack's one PostgreSQL, as on many machines (issue 30,
 * e2e/faults/many-workers.fault.ts), instead of `npm start`'s web server with one worker and one jobs
 * process beside it: `webs` web servers (the first through scripts/start.ts with RUN_WORKER=0 and
 * RUN_JOBS=0, which migrates; the others `next start` of the same build on the slot's ports
 * appPort + 10 + i, all with the first one's APP_URL, as behind one load balancer), one jobs process
 * and `workers` bot workers (scripts/worker.ts, WORKER_CONCURRENCY `concurrency`). None of them is
 * started again when it exits: the test signals them. Each one's output goes to <dataDir>/<name>.log.
 */
export interface StackShape {
  webs: number;
  workers: number;
  concurrency: number;
  /** More settings for every process of the stack. */
  env?: Record<string, string>;
}

export interface StackProcesses {
  /** The web servers' own URLs (the first is the stack's appUrl). */
  webs: string[];
  /** The bot workers' process ids (a meeting's workerId is "host:pid:…"). */
  workers: number[];
  jobs: number;
}

/** Extra routes for the control API; true when the request was answered. */
export type ControlRoute = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export async function startStack(slot: number, extraControl: ControlRoute = () => false, shape?: StackShape): Promise<Stack> {
  const ports = stackPorts(slot);
  const dataDir = path.join(root, ports.dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const smtp = await startSmtpCapture(ports.smtpPort);

  const db = await startEmbeddedPostgres(path.join(dataDir, "postgres"), { database: "cohost_e2e" });
  fs.writeFileSync(path.join(root, ports.stateFile), JSON.stringify({ databaseUrl: db.url }));

  // The stack's control API (ports.controlUrl):
  // GET /messages?to=<address> → captured messages for that address, oldest first;
  // POST /postgres/stop, POST /postgres/start → the fault tests' database outage (test/support/postgres-switch.ts).
  const postgresSwitch = handlePostgresSwitch(db);
  const control = http
    .createServer((req, res) => {
      if (postgresSwitch(req, res) || extraControl(req, res)) return;
      const url = new URL(req.url ?? "/", "http://localhost");
      const to = url.searchParams.get("to")?.toLowerCase();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(to ? smtp.to(to) : smtp.mails));
    })
    .listen(ports.mailApiPort, "127.0.0.1");

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  // The identity "Google" returns; tests sign in as this person.
  oidc.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: "google-user-1",
      email: "grace.hopper@example.test",
      email_verified: true,
      name: "Grace Hopper",
      given_name: "Grace",
      family_name: "Hopper",
      picture: `http://localhost:${ports.oidcPort}/avatar.png`,
    });
  });
  await oidc.start(ports.oidcPort, "localhost");

  // STT/AI/TTS provider APIs, each speaking its real protocol: "Test key" and the voice pipeline (a key
  // is valid only with the provider's own auth scheme). Tests script them through /__control.
  // Streaming STT: a burst under 250 ms (a jitter buffer's artefact on a busy machine) takes no scripted line.
  const providers = await startVoiceFakes({ port: ports.voiceFakesPort, minScriptedSpeechMs: 250 });
  // Google's OAuth endpoints and Calendar API (e2e/calendar-connect.spec.ts); push notifications go
  // to the app's own address (CALENDAR_PUSH_URL), as if it were reachable from the internet.
  const calendars = await startCalendarFakes(ports.calendarFakesPort);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...shape?.env,
    ...E2E_BUILD_ENV,
    PORT: String(ports.appPort),
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    APP_URL: ports.appUrl,
    NEXTAUTH_URL: ports.appUrl,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtpPort}`,
    GOOGLE_CLIENT_ID: "e2e-google-client",
    GOOGLE_CLIENT_SECRET: "e2e-google-secret",
    GOOGLE_ISSUER: `http://localhost:${ports.oidcPort}`,
    COHOST_ENV: "test",
    ...providers.env,
    ...calendars.env,
    CALENDAR_PUSH_URL: ports.appUrl,
    // Many sign-ins from one address during a run; the limits themselves are covered by Vitest.
    RATE_LIMIT_AUTH_IP: "10000/60",
    RATE_LIMIT_LOGIN_FAILURES: "10000/60",
    // A killed worker's meetings fail within seconds, not a minute (e2e/agent-room.spec.ts); long
    // enough for the worker npm start brings back (5 s later) to boot on a busy machine and take
    // the next meeting before it counts as one no worker picked up.
    MEETING_HEARTBEAT_TIMEOUT_SECONDS: "10",
    BOT_BILLING_INTERVAL_SECONDS: String(ports.billingIntervalMs / 1000),
    // Agents' MCP servers run on this machine in the tests (e2e/tools.spec.ts); provider URLs and
    // calendar addresses stay guarded.
    ALLOW_PRIVATE_TOOL_URLS: "1",
    // The webhook receiver of e2e/developers.spec.ts runs on loopback.
    ALLOW_PRIVATE_WEBHOOK_URLS: "1",
  };
  const startScript = [path.join(root, "scripts/start.ts")];
  const app = shape ? spawnLogged(dataDir, "web-0", startScript, { ...env, RUN_WORKER: "0", RUN_JOBS: "0" }) : spawn(process.execPath, startScript, { cwd: root, stdio: "inherit", env });
  const exited = new Promise<number | null>((resolve) => app.on("exit", resolve));
  const others = shape ? await startShaped(slot, shape, env, dataDir).catch((err) => ({ failed: err as Error })) : undefined;

  const stop = async () => {
      // Cohost first (its workers and jobs process still need PostgreSQL to wind down), then the rest.
      if (others && "children" in others) await Promise.all(others.children.map((c) => ended(c, 25_000)));
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 25_000))]);
      await oidc.stop().catch(() => {});
      control.close();
      await providers.close();
      await calendars.close();
      await smtp.close();
      await db.stop().catch(() => {});
  };
  if (others && "failed" in others) {
    await stop();
    throw others.failed;
  }
  return { exited, processes: others?.processes, stop };
}

/** A node process of the stack with its output in <dataDir>/<name>.log. */
function spawnLogged(dataDir: string, name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const out = fs.openSync(path.join(dataDir, `${name}.log`), "a");
  try {
    return spawn(process.execPath, args, { cwd: root, stdio: ["ignore", out, out], env });
  } finally {
    fs.closeSync(out);
  }
}

/** SIGTERM, then resolves once `child` exited (SIGKILL after `withinMs`). */
function ended(child: ChildProcess, withinMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), withinMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Resolves once `url` answers 200 (within `timeoutMs`). */
async function healthy(url: string, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) return;
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

/** Resolves once the process wrote `line` (a log event) to its output; rejects when it exits first. */
function saidSo(child: ChildProcess, file: string, line: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (line.test(fs.readFileSync(file, "utf8"))) done();
      else if (Date.now() > deadline) done(new Error(`${path.basename(file)}: no ${line} within ${timeoutMs / 1000} s`));
    }, 250);
    const deadline = Date.now() + timeoutMs;
    const exit = (code: number | null) => done(new Error(`${path.basename(file)}: exited (${code}) before it was ready`));
    const done = (err?: Error) => {
      clearInterval(timer);
      child.off("exit", exit);
      if (err) reject(err);
      else resolve();
    };
    child.on("exit", exit);
  });
}

/** The shaped stack's processes beside the first web server (StackShape), once every one is ready. */
async function startShaped(slot: number, shape: StackShape, env: NodeJS.ProcessEnv, dataDir: string) {
  const children: ChildProcess[] = [];
  const ports = stackPorts(slot);
  const begin = (name: string, args: string[], over: Record<string, string> = {}) => {
    const child = spawnLogged(dataDir, name, args, { ...env, ...secrets, ...over, NODE_ENV: "production" });
    children.push(child);
    return { child, log: path.join(dataDir, `${name}.log`) };
  };
  // The first web server migrates the database and writes the stack's secrets into its data dir.
  await healthy(ports.appUrl, 600_000);
  const secrets = { NEXTAUTH_SECRET: ensureSecret("NEXTAUTH_SECRET", dataDir), APP_ENCRYPTION_KEY: ensureSecret("APP_ENCRYPTION_KEY", dataDir) };
  try {
    const webs = Array.from({ length: shape.webs - 1 }, (_, i) => `http://localhost:${ports.appPort + 10 + i}`);
    for (const [i, url] of webs.entries()) begin(`web-${i + 1}`, nextStartArgs(root, new URL(url).port), { PORT: new URL(url).port });
    const jobs = begin("jobs", [path.join(root, "scripts/jobs.ts")]);
    const workers = Array.from({ length: shape.workers }, (_, i) =>
      begin(`worker-${i}`, [path.join(root, "scripts/worker.ts")], { WORKER_CONCURRENCY: String(shape.concurrency) }),
    );
    await Promise.all([
      ...webs.map((url) => healthy(url, 120_000)),
      saidSo(jobs.child, jobs.log, /"event":"jobs_started"/, 120_000),
      ...workers.map((w) => saidSo(w.child, w.log, /"event":"worker_started"/, 120_000)),
    ]);
    return {
      children,
      processes: { webs: [ports.appUrl, ...webs], workers: workers.map((w) => w.child.pid!), jobs: jobs.child.pid! } satisfies StackProcesses,
    };
  } catch (err) {
    await Promise.all(children.map((c) => ended(c, 5000)));
    throw err;
  }
}

/** Resolves once the stack's app answers its health check. */
export async function stackHealthy(slot: number, timeoutMs = 180_000): Promise<void> {
  const url = `${stackPorts(slot).appUrl}/api/health`;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return;
  }
  throw new Error(`the e2e stack of slot ${slot} did not become healthy within ${timeoutMs / 1000} s`);
}
