// `npm test`: every check, with phases that do not depend on each other running side by side, then
// the time each took. The type check, the linters, the e2e build and the unit tests start together
// (the tests mostly wait on timers, sockets and real-time audio, which leaves the cores to the
// others); the end-to-end suite starts once the build and the unit tests are done, so nothing else
// competes with its browsers. A phase's output is printed when it ends (the e2e suite's as it
// goes). The exit code is the first failed phase's, in the order below; every phase runs even when
// an earlier one failed, except the e2e suite without its build.
import { spawn } from "node:child_process";
import os from "node:os";
import { processTreeCpu } from "./process-tree-cpu.ts";

interface Phase {
  name: string;
  command: string;
  /** Phases that must have ended (the e2e suite also needs the build to have passed). */
  after?: string[];
  /** Streams its output as it runs instead of printing it at the end. */
  live?: boolean;
}

const PHASES: Phase[] = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  { name: "layers", command: "npm run lint:layers" },
  { name: "unit", command: "npm run test:unit" },
  { name: "build", command: "node e2e/support/build.ts" },
  { name: "e2e", command: "npm run test:e2e", after: ["build", "unit"], live: true },
];
/** Phases whose failure means a later one cannot run. */
const NEEDS_SUCCESS: Record<string, string[]> = { e2e: ["build"] };

interface Result {
  code: number | null;
  seconds: number;
  /** CPU time of the phase's processes (Linux, sampled: scripts/process-tree-cpu.ts), or null. */
  cpuSeconds: number | null;
  skipped?: string;
}

// Output read through a pipe loses its colours unless asked for; on a terminal, keep them.
const colorsLikeTheTerminal = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");
const results = new Map<string, Result>();
const started = new Set<string>();
const cpu = processTreeCpu();

function run(phase: Phase): Promise<Result> {
  return new Promise((resolve) => {
    const begin = performance.now();
    console.log(`▸ ${phase.name} started: ${phase.command}`);
    const child = spawn(phase.command, { shell: true, stdio: phase.live ? "inherit" : ["ignore", "pipe", "pipe"], env: colorsLikeTheTerminal });
    const tracked = cpu.track(child.pid!);
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      const cpuSeconds = tracked.stop();
      const seconds = (performance.now() - begin) / 1000;
      if (!phase.live) {
        console.log(`\n──── ${phase.name} (${code === 0 ? "passed" : `failed, exit code ${code}`}) ────`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`${code === 0 ? "✓" : "✖"} ${phase.name} ${code === 0 ? "passed" : "failed"} in ${seconds.toFixed(1)} s\n`);
      resolve({ code, seconds, cpuSeconds });
    });
  });
}

/** Starts every phase whose predecessors have ended; resolves when all have. */
async function runAll(): Promise<void> {
  const running = new Map<string, Promise<void>>();
  for (;;) {
    for (const phase of PHASES) {
      if (started.has(phase.name) || !(phase.after ?? []).every((name) => results.has(name))) continue;
      started.add(phase.name);
      const failed = (NEEDS_SUCCESS[phase.name] ?? []).filter((name) => results.get(name)?.code !== 0);
      if (failed.length > 0) {
        results.set(phase.name, { code: null, seconds: 0, cpuSeconds: null, skipped: `${failed.join(", ")} failed` });
        continue;
      }
      running.set(
        phase.name,
        run(phase).then((result) => {
          results.set(phase.name, result);
          running.delete(phase.name);
        }),
      );
    }
    if (running.size === 0) return;
    await Promise.race(running.values());
  }
}

const loadAtStart = load();
const begin = performance.now();
await runAll();
const total = (performance.now() - begin) / 1000;

console.log("npm test: phase times (wall clock; CPU of the phase's processes)");
for (const phase of PHASES) {
  const r = results.get(phase.name)!;
  const status = r.skipped ? `skipped (${r.skipped})` : r.code === 0 ? "passed" : `failed (exit code ${r.code})`;
  const cpu = r.cpuSeconds === null ? "" : `  CPU ${r.cpuSeconds.toFixed(1).padStart(6)} s`;
  console.log(`  ${phase.name.padEnd(10)} ${r.seconds.toFixed(1).padStart(7)} s${cpu}  ${status}`);
}
console.log(`  ${"total".padEnd(10)} ${total.toFixed(1).padStart(7)} s  on ${os.availableParallelism()} cores; load average ${loadAtStart} at the start, ${load()} at the end`);

const firstFailure = PHASES.map((phase) => results.get(phase.name)!).find((r) => r.skipped || r.code !== 0);
process.exit(firstFailure ? (firstFailure.code ?? 1) : 0);
