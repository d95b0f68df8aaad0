// `npm run capacity`: the bot workers needed now (lib/bots/measure-capacity.ts), the very number KEDA's
// postgresql scaler reads for the worker Deployment (docs/deploy.md, "Kubernetes").
//   --json                 the parts: queued, running, prewarm, slots, workers
//   --sql                  print the query (for deploy/base/worker-scaledobject.yaml) instead of running it
//   --bots-per-worker N    default: WORKER_CONCURRENCY (4)
//   --prewarm-minutes N    default: 10
import { parseArgs } from "node:util";
import { capacitySql, defaultCapacityOptions, measureCapacity, measureWorkersNeeded } from "../lib/bots/measure-capacity.ts";
import { db } from "../lib/db/client.ts";

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    sql: { type: "boolean", default: false },
    "bots-per-worker": { type: "string" },
    "prewarm-minutes": { type: "string" },
  },
});
const defaults = defaultCapacityOptions();
const opts = {
  botsPerWorker: values["bots-per-worker"] ? Number(values["bots-per-worker"]) : defaults.botsPerWorker,
  prewarmMinutes: values["prewarm-minutes"] ? Number(values["prewarm-minutes"]) : defaults.prewarmMinutes,
};

try {
  if (values.sql) {
    console.log(capacitySql(opts));
    process.exit(0);
  }
  if (!process.env.DATABASE_URL) {
    console.error("✖ Set DATABASE_URL to the database the workers use.");
    process.exit(2);
  }
  console.log(values.json ? JSON.stringify({ ...(await measureCapacity(opts)), ...opts }) : String(await measureWorkersNeeded(opts)));
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
