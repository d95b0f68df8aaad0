// One e2e stack (a slot, e2e/support/ports.ts): a real PostgreSQL (embedded), a real SMTP server
// capturing every message (readable over a small HTTP API), a local OIDC server standing in for
// Google, local fakes of every STT/AI/TTS provider, and Cohost itself through `npm start`
// (scripts/start.ts) pointed at all of them. Started by the launcher, e2e/support/server.ts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { startEmbeddedPostgres } from "../../lib/db/embedded.ts";
import { startCalendarFakes } from "../../test/fakes/calendar/server.ts";
import { startVoiceFakes } from "../../test/fakes/voice/server.ts";
import { handlePostgresSwitch } from "../../test/support/postgres-switch.ts";
import { startSmtpCapture } from "../../test/support/smtp.ts";
import { E2E_BUILD_ENV } from "./app-env.ts";
import { stackPorts } from "./ports.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface Stack {
  /** Resolves with the app's exit code when Cohost exits. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Extra routes for the control API; true when the request was answered. */
export type ControlRoute = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export async function startStack(slot: number, extraControl: ControlRoute = () => false): Promise<Stack> {
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
  const providers = await startVoiceFakes({ port: ports.voiceFakesPort });
  // Google's OAuth endpoints and Calendar API (e2e/calendar-connect.spec.ts); push notifications go
  // to the app's own address (CALENDAR_PUSH_URL), as if it were reachable from the internet.
  const calendars = await startCalendarFakes(ports.calendarFakesPort);

  const app = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
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
    },
  });
  const exited = new Promise<number | null>((resolve) => app.on("exit", resolve));

  return {
    exited,
    async stop() {
      // Cohost first (its worker and jobs process still need PostgreSQL to wind down), then the rest.
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 25_000))]);
      await oidc.stop().catch(() => {});
      control.close();
      await providers.close();
      await calendars.close();
      await smtp.close();
      await db.stop().catch(() => {});
    },
  };
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
