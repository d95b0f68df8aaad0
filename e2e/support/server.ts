// The e2e stack, started by Playwright's webServer: a real PostgreSQL (embedded), a real SMTP server
// capturing every message (readable over a small HTTP API), a local OIDC server standing in for
// Google, local fakes of every STT/AI/TTS provider, and Cohost itself through `npm start`
// (scripts/start.ts) pointed at all of them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";
import { startEmbeddedPostgres } from "../../lib/db/embedded.ts";
import { startCollector } from "../../test/fakes/collector.ts";
import { startVoiceFakes } from "../../test/fakes/voice/server.ts";
import { handlePostgresSwitch } from "../../test/support/postgres-switch.ts";
import { startSmtpCapture } from "../../test/support/smtp.ts";
import { E2E } from "./ports.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = path.join(root, E2E.dataDir);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const smtp = await startSmtpCapture(E2E.smtpPort);

const db = await startEmbeddedPostgres(path.join(dataDir, "postgres"), { database: "cohost_e2e" });
fs.writeFileSync(path.join(root, E2E.stateFile), JSON.stringify({ databaseUrl: db.url }));

// The stack's control API (E2E.controlUrl):
// GET /messages?to=<address> → captured messages for that address, oldest first;
// POST /postgres/stop, POST /postgres/start → the fault tests' database outage (test/support/postgres-switch.ts).
const postgresSwitch = handlePostgresSwitch(db);
http
  .createServer((req, res) => {
    if (postgresSwitch(req, res)) return;
    const url = new URL(req.url ?? "/", "http://localhost");
    const to = url.searchParams.get("to")?.toLowerCase();
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(to ? smtp.to(to) : smtp.mails));
  })
  .listen(E2E.mailApiPort, "127.0.0.1");

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
    picture: `http://localhost:${E2E.oidcPort}/avatar.png`,
  });
});
await oidc.start(E2E.oidcPort, "localhost");

// STT/AI/TTS provider APIs, each speaking its real protocol: "Test key" and the voice pipeline (a key
// is valid only with the provider's own auth scheme). Tests script them through /__control.
const providers = await startVoiceFakes({ port: E2E.voiceFakesPort });
const providerEnv = providers.env;

// Page-view analytics and error reports leave the browser for other origins, as in production, so
// the Content-Security-Policy's connect-src is tested for real.
const analytics = await startCollector(E2E.analyticsPort);
const errorReports = await startCollector(E2E.errorReportPort);


const app = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(E2E.appPort),
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    APP_URL: E2E.appUrl,
    NEXTAUTH_URL: E2E.appUrl,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    GOOGLE_CLIENT_ID: "e2e-google-client",
    GOOGLE_CLIENT_SECRET: "e2e-google-secret",
    GOOGLE_ISSUER: `http://localhost:${E2E.oidcPort}`,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-e2e",
    NEXT_PUBLIC_ANALYTICS_ID: "e2e-analytics",
    NEXT_PUBLIC_ANALYTICS_URL: `http://127.0.0.1:${E2E.analyticsPort}/__analytics/collect`,
    NEXT_PUBLIC_SENTRY_DSN: `http://e2e-public-key@127.0.0.1:${E2E.errorReportPort}/42`,
    COHOST_ENV: "test",
    ...providerEnv,
    // Many sign-ins from one address during a run; the limits themselves are covered by Vitest.
    RATE_LIMIT_AUTH_IP: "10000/60",
    RATE_LIMIT_LOGIN_FAILURES: "10000/60",
    // A killed worker's meetings fail within seconds, not a minute (e2e/agent-room.spec.ts).
    MEETING_HEARTBEAT_TIMEOUT_SECONDS: "6",
    BOT_BILLING_INTERVAL_SECONDS: String(E2E.billingIntervalMs / 1000),
    // Agents' MCP servers run on this machine in the tests (e2e/tools.spec.ts); provider URLs and
    // calendar addresses stay guarded.
    ALLOW_PRIVATE_TOOL_URLS: "1",
    // The webhook receiver of e2e/developers.spec.ts runs on loopback.
    ALLOW_PRIVATE_WEBHOOK_URLS: "1",
  },
});

const stop = async () => {
  app.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  await oidc.stop().catch(() => {});
  await analytics.close();
  await errorReports.close();
  await providers.close();
  await smtp.close();
  await db.stop().catch(() => {});
  process.exit(0);
};
app.on("exit", (code) => {
  console.error(`[e2e] Cohost exited with code ${code}`);
  void stop();
});
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
