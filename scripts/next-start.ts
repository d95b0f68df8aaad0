// How a web server runs the build, in one place: `npm start` (scripts/start.ts), the e2e stacks'
// extra web servers (e2e/support/stack.ts, e2e/room-web-restart.spec.ts) and the web image, whose
// standalone server reads the same figure from KEEP_ALIVE_TIMEOUT (Dockerfile, checked by
// test/scripts/next-start.test.ts).
import path from "node:path";

/**
 * Idle connections are kept 65 s (Node's default is 5 s): longer than a load balancer's usual idle
 * timeout (60 s), so a client never sends on a connection the server is closing at that moment
 * (ECONNRESET on a reused connection; seen from API clients in the e2e suite under load).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Node's arguments for `next start` of the project at `root`'s build on `port`. */
export function nextStartArgs(root: string, port: number | string): string[] {
  return [path.join(root, "node_modules/next/dist/bin/next"), "start", "--keepAliveTimeout", String(KEEP_ALIVE_TIMEOUT_MS), "-p", String(port)];
}
