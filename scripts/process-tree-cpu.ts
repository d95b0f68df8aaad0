import fs from "node:fs";
import { allProcesses, TICKS_PER_SECOND, type ProcInfo } from "../bench/lib/proc-stats.ts";

// The CPU time a process and everything it starts use, for `npm test`'s phase table. Linux only
// (/proc): every half second each process whose parent is in a tree joins it, and a tree's CPU is
// the sum of the most each of its processes was seen to use. Browsers and servers a test run starts
// are often not reaped by their parents (killed, detached), so the kernel's own accounting of
// children misses them; sampling sees them. A process that lives less than half a second is missed.

const INTERVAL_MS = 500;

interface Tree {
  /** Member pids with their start times (a reused pid is another process). */
  members: Map<number, string>;
  /** The most CPU ticks seen per process ("pid:start"). */
  most: Map<string, number>;
}

function update(tree: Tree, processes: Map<number, ProcInfo>): void {
  const isMember = (pid: number) => tree.members.has(pid) && tree.members.get(pid) === processes.get(pid)?.started;
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of processes.values()) {
      if (!isMember(p.pid) && isMember(p.ppid)) {
        tree.members.set(p.pid, p.started);
        grew = true;
      }
    }
  }
  for (const [pid, started] of tree.members) {
    const p = processes.get(pid);
    if (p?.started !== started) continue;
    const key = `${pid}:${started}`;
    tree.most.set(key, Math.max(tree.most.get(key) ?? 0, p.ownTicks));
  }
}

/** One sampler for several trees; track(pid) follows one, whose stop() gives its CPU seconds (null off Linux). */
export function processTreeCpu() {
  const linux = fs.existsSync("/proc/self/stat");
  const trees = new Set<Tree>();
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const processes = new Map(allProcesses().map((p) => [p.pid, p]));
    for (const tree of trees) update(tree, processes);
  };
  return {
    track(root: number): { stop(): number | null } {
      const started = linux ? allProcesses().find((p) => p.pid === root)?.started : undefined;
      if (!started) return { stop: () => null };
      const tree: Tree = { members: new Map([[root, started]]), most: new Map() };
      trees.add(tree);
      timer ??= setInterval(sample, INTERVAL_MS);
      return {
        stop() {
          trees.delete(tree);
          if (trees.size === 0) {
            clearInterval(timer);
            timer = undefined;
          }
          let ticks = 0;
          for (const most of tree.most.values()) ticks += most;
          return ticks / TICKS_PER_SECOND;
        },
      };
    },
  };
}
