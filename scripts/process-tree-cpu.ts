import fs from "node:fs";

// The CPU time a process and everything it starts use, for `npm test`'s phase table. Linux only
// (/proc): every half second each process whose parent is in a tree joins it, and a tree's CPU is
// the sum of the most each of its processes was seen to use. Browsers and servers a test run starts
// are often not reaped by their parents (killed, detached), so the kernel's own accounting of
// children misses them; sampling sees them. A process that lives less than half a second is missed.

const TICKS_PER_SECOND = 100;
const INTERVAL_MS = 500;

interface ProcStat {
  parent: number;
  started: string;
  cpuSeconds: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name (which may hold spaces and parentheses): state, ppid, … utime (14), stime (15), … starttime (22).
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { parent: Number(fields[1]), started: fields[19], cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function readAll(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const name of fs.readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  return stats;
}

interface Tree {
  /** Member pids with their start times (a reused pid is another process). */
  members: Map<number, string>;
  /** The most CPU seen per process ("pid:start"). */
  most: Map<string, number>;
}

function update(tree: Tree, stats: Map<number, ProcStat>): void {
  const isMember = (pid: number) => tree.members.has(pid) && tree.members.get(pid) === stats.get(pid)?.started;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!isMember(pid) && isMember(stat.parent)) {
        tree.members.set(pid, stat.started);
        grew = true;
      }
    }
  }
  for (const [pid, started] of tree.members) {
    const stat = stats.get(pid);
    if (stat?.started !== started) continue;
    const key = `${pid}:${started}`;
    tree.most.set(key, Math.max(tree.most.get(key) ?? 0, stat.cpuSeconds));
  }
}

/** One sampler for several trees; track(pid) follows one, whose stop() gives its CPU seconds (null off Linux). */
export function processTreeCpu() {
  const linux = fs.existsSync("/proc/self/stat");
  const trees = new Set<Tree>();
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const stats = readAll();
    for (const tree of trees) update(tree, stats);
  };
  return {
    track(root: number): { stop(): number | null } {
      const started = linux ? readStat(root)?.started : undefined;
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
          let total = 0;
          for (const seconds of tree.most.values()) total += seconds;
          return total;
        },
      };
    },
  };
}
