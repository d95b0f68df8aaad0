// Fault tests stop a stack's embedded PostgreSQL and start it again: the same server (port, data
// directory, data) goes away and comes back, as a database restart does in production, so the app's
// DATABASE_URL stays valid throughout.
//
// - In the process that started the database (e2e/support/server.ts): `handlePostgresSwitch(db)`
//   serves POST /postgres/stop and POST /postgres/start on a control server.
// - From a test in another process (Playwright): `stopPostgres(controlUrl)`, `startPostgres(controlUrl)`;
//   e2e tests use `E2E.controlUrl`.
// - A Vitest file with a database of its own calls `db.stop()` and `db.start()` directly
//   (lib/db/embedded.ts).
import type http from "node:http";
import type { EmbeddedDatabase } from "../../lib/db/embedded.ts";

/**
 * A request handler for the control server; answers only POST /postgres/stop and /postgres/start
 * (204 once done, 500 with the reason) and returns false for any other request. Switches run one
 * after another, so a start sent right after a stop waits for the stop to finish.
 */
export function handlePostgresSwitch(db: EmbeddedDatabase): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  let queue: Promise<unknown> = Promise.resolve();
  return (req, res) => {
    const action = req.method === "POST" ? /^\/postgres\/(stop|start)$/.exec(req.url ?? "")?.[1] : undefined;
    if (!action) return false;
    const run = queue.then(() => (action === "stop" ? db.stop() : db.start()));
    queue = run.catch(() => {});
    run.then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(String((err as Error)?.message ?? err)),
    );
    return true;
  };
}

async function post(controlUrl: string, action: "stop" | "start"): Promise<void> {
  const res = await fetch(`${controlUrl}/postgres/${action}`, { method: "POST", signal: AbortSignal.timeout(60_000) });
  if (res.status !== 204) throw new Error(`PostgreSQL ${action} failed (${res.status}): ${await res.text()}`);
}

/** Stops the stack's PostgreSQL (fast shutdown); resolves once it has exited and refuses connections. */
export function stopPostgres(controlUrl: string): Promise<void> {
  return post(controlUrl, "stop");
}

/** Starts the stack's PostgreSQL again; resolves once it accepts connections. */
export function startPostgres(controlUrl: string): Promise<void> {
  return post(controlUrl, "start");
}
