// `npm start`: the zero-setup entry point. Starts (or connects to) PostgreSQL, applies migrations,
// seeds reference data, builds the app when needed and serves it, with a bot worker and the jobs
// process beside it. One progress line per step.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { botSettings, dataDir, jobsBesideWeb, port } from "../lib/config.ts";
import { startEmbeddedPostgres, takeOverSignals, type EmbeddedDatabase } from "../lib/db/embedded.ts";
import { within } from "../lib/bots/within.ts";
import { outageBackoff, type OutageBackoff } from "../lib/db/outage-backoff.ts";
import { buildApp, needsBuild } from "./build-app.ts";
import { nextStartArgs } from "./next-start.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { ensureSecret } from "../lib/secrets-bootstrap.ts";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const step = (text: string) => console.log(`▸ ${text}`);
const fail = (text: string): never => {
  console.error(`✖ ${text}`);
  process.exit(1);
};

function portIsFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(p, () => server.close(() => resolve(true)));
  });
}

async function main() {
  const appPort = port();
  if (!Number.isInteger(appPort) || appPort <= 0 || appPort > 65535) fail(`PORT must be a port number, got "${process.env.PORT}".`);
  if (!(await portIsFree(appPort))) fail(`Port ${appPort} is already in use. Stop the program using it or choose another port, e.g. PORT=3001 npm start.`);

  const dir = dataDir();
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    fail(`The data directory ${dir} cannot be used (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}). Set DATA_DIR to a writable folder.`);
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    step("Using the PostgreSQL server from DATABASE_URL");
  } else {
    step(`Starting embedded PostgreSQL in ${path.join(dir, "postgres")}`);
    const logLines: string[] = [];
    try {
      embedded = await startEmbeddedPostgres(path.join(dir, "postgres"), { log: (l) => logLines.push(l) });
    } catch (err) {
      console.error(logLines.slice(-15).join("\n"));
      fail(`Could not start the embedded PostgreSQL: ${(err as Error).message}`);
    }
    databaseUrl = embedded!.url;
  }

  // Bounded like every teardown step: a PostgreSQL that is already gone (or will not stop) does not
  // keep `npm start` from exiting (docs/deploy.md "When the database is gone").
  const stopDatabase = async () => {
    if (embedded && !(await within(embedded.stop(), 10_000)).done) console.error("✖ PostgreSQL did not stop within 10 s; exiting anyway.");
  };

  try {
    const { applied, alreadyApplied } = await prepareDatabase(databaseUrl, step);
    console.log(`  ${applied.length} migration(s) applied, ${alreadyApplied} already up to date`);
  } catch (err) {
    await stopDatabase();
    fail(`Database setup failed: ${(err as Error).message}`);
  }

  const env: NodeJS.ProcessEnv = {
    NEXT_TELEMETRY_DISABLED: "1",
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    PORT: String(appPort),
    NEXTAUTH_SECRET: ensureSecret("NEXTAUTH_SECRET", dir),
    APP_ENCRYPTION_KEY: ensureSecret("APP_ENCRYPTION_KEY", dir),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL || process.env.APP_URL || `http://localhost:${appPort}`,
  };
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

  if (!dev && needsBuild(env)) {
    step("Building the app (first start or changed sources; this takes a minute or two)");
    if (!buildApp(env)) {
      await stopDatabase();
      fail("The build failed; see the output above.");
    }
  }

  step(`Starting the web server on http://localhost:${appPort}`);
  const children: ChildProcess[] = [];
  // Served as every web server serves the build (scripts/next-start.ts: idle connections kept 65 s).
  const web = spawn(process.execPath, dev ? [nextBin, "dev", "-p", String(appPort)] : nextStartArgs(root, appPort), {
    cwd: root,
    env: { ...env, NODE_ENV: dev ? "development" : "production" },
    stdio: "inherit",
  });
  children.push(web);

  let stopping = false;
  // Processes beside the web server: a bot worker (RUN_WORKER=0: workers run elsewhere) and the jobs
  // process for calendar imports and syncs (RUN_JOBS=0: it runs elsewhere). One that dies is started
  // again; meetings a worker held fail over through the heartbeat sweep, imports are retried.
  // One that keeps exiting soon after its start (the database is gone, so it cannot start) is started
  // again after a longer wait each time, from a few seconds doubling up to a minute (jittered); one that
  // ran a minute starts over.
  const restarts = new Map<string, OutageBackoff>();
  const keepRunning = (name: string, script: string) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [path.join(root, script)], { cwd: root, env: { ...env, NODE_ENV: "production" }, stdio: "inherit" });
    children.push(child);
    child.on("exit", (code) => {
      children.splice(children.indexOf(child), 1);
      if (stopping) return;
      if (!restarts.has(name)) restarts.set(name, outageBackoff({ firstMs: 5000, maxMs: 60_000 }));
      const backoff = restarts.get(name)!;
      if (Date.now() - startedAt > 60_000) backoff.succeeded();
      const delay = backoff.failed();
      console.error(`✖ The ${name} exited (code ${code}); starting it again in ${Math.round(delay / 1000)} s.`);
      setTimeout(() => !stopping && keepRunning(name, script), delay).unref();
    });
  };
  if (botSettings().workerInWeb) {
    step(`Starting a bot worker (${botSettings().concurrency} bots at a time; RUN_WORKER=0 turns it off)`);
    keepRunning("bot worker", "scripts/worker.ts");
  }
  if (jobsBesideWeb()) {
    step("Starting the jobs process (calendar imports and syncs; RUN_JOBS=0 turns it off)");
    keepRunning("jobs process", "scripts/jobs.ts");
  }

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Children get time to finish (the worker hands its meetings over) before the database stops.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
            setTimeout(() => {
              child.kill("SIGKILL");
              resolve();
            }, 20_000).unref();
          }),
      ),
    );
    await stopDatabase();
    process.exit(code);
  };
  web.on("exit", (code) => void shutdown(code ?? 0));
  // Our shutdown stops PostgreSQL last, after the children are gone.
  takeOverSignals();
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));
}

main().catch((err) => fail(String(err?.stack ?? err)));
