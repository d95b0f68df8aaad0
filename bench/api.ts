// `npm run bench:api`: the production build on the embedded PostgreSQL under 50 concurrent
// connections (autocannon) on GET /api/health and an authenticated GET /api/me. Prints JSON:
// per endpoint {p50_ms, p99_ms, requests_per_s}, /api/me's throughput over health's, the web server's
// resident memory after the run and the machine's load average.
// Only the web server runs (RUN_WORKER=0): no bot worker or its Chromium shares the two cores.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { childrenMatching, loadAverage } from "./lib/proc-stats.ts";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const log = (line: string) => process.stderr.write(`${line}\n`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-bench-"));
fs.chmodSync(tmp, 0o755);
const db = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "cohost_bench" });
const port = await freePort();
const secret = randomUUID();
log(`▸ starting Cohost (production build) on port ${port}`);
const server = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: tmp, DATABASE_URL: db.url, NEXTAUTH_SECRET: secret, RUN_WORKER: "0" },
  stdio: ["ignore", "pipe", "inherit"],
});
server.stdout.on("data", (chunk) => process.stderr.write(chunk));

const base = `http://127.0.0.1:${port}`;
try {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error("Cohost did not become healthy");
    await new Promise((r) => setTimeout(r, 500));
  }

  // A verified user and an access token signed with the server's secret.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const userId = `bench${randomUUID().slice(0, 8)}`;
  await client.query(
    `INSERT INTO "User" (id, email, "firstName", "lastName", "emailVerified", "updatedAt") VALUES ($1, $2, 'Bench', 'User', now(), now())`,
    [userId, `${userId}@example.test`],
  );
  await client.end();
  process.env.NEXTAUTH_SECRET = secret;
  const { issueAccessToken } = await import("../lib/auth/access-token.ts");
  const { token } = issueAccessToken(userId);
  const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status}`);

  const bearer = { authorization: `Bearer ${token}` };
  const loadBefore = loadAverage();
  // Both endpoints warm up before either is measured: the first seconds of a fresh server (JIT, the
  // jobs process starting beside it) would otherwise all fall on whichever is measured first.
  log("▸ warming up");
  for (const [urlPath, headers] of [["/api/health", {}], ["/api/me", bearer]] as const) {
    await autocannon({ url: `${base}${urlPath}`, connections, duration: 2, headers });
  }
  const run = async (urlPath: string, headers: Record<string, string> = {}) => {
    const r = await autocannon({ url: `${base}${urlPath}`, connections, duration: seconds, headers });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${urlPath}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { p50_ms: r.latency.p50, p99_ms: r.latency.p99, requests_per_s: Math.round(r.requests.average) };
  };

  log("▸ GET /api/health");
  const health = await run("/api/health");
  log("▸ GET /api/me (bearer)");
  const meResult = await run("/api/me", bearer);

  // The web server is the child of scripts/start.ts that runs `next start`, which renames its process
  // to "next-server (vX.Y.Z)" once it is up.
  const [child] = childrenMatching(server.pid!, /^next-server \(|next start/);
  if (!child) throw new Error("no `next start` child of scripts/start.ts");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child}/status`, "utf8"))?.[1] ?? 0);

  console.log(
    JSON.stringify({
      connections,
      seconds,
      "GET /api/health": health,
      "GET /api/me": meResult,
      web_server_rss_mb: Math.round(rssKb / 1024),
      me_vs_health: Number((meResult.requests_per_s / health.requests_per_s).toFixed(2)),
      // The machine's load average (1, 5, 15 min) before and after: the cores are shared.
      load_average: { before: loadBefore, after: loadAverage() },
    }),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await db.stop().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
