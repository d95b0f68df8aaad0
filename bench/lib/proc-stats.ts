import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

// CPU and memory of process trees from /proc (Linux), for benchmarks that measure a program with
// the children it starts (a worker and its Chromium). CPU is counted in clock ticks (jiffies) of
// user + system time, a process's own plus that of its children that have exited (and were waited
// for), so a tree's CPU over a window — the difference of two samples — keeps what its short-lived
// processes (database backends, Chromium helpers) used.

export const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
  /** utime + stime alone (the process's own CPU), in ticks. */
  ownTicks: number;
  /** When it started (ticks after boot): a pid with another start time is another process. */
  started: string;
}

function readStat(pid: number): ProcInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces and parentheses: fields count from its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ownTicks = Number(fields[11]) + Number(fields[12]);
    return { pid, ppid: Number(fields[1]), ticks: ownTicks + Number(fields[13]) + Number(fields[14]), ownTicks, started: fields[19] };
  } catch {
    return null; // gone between listing and reading
  }
}

/** Every process on the machine, as /proc shows it now. */
export function allProcesses(): ProcInfo[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((p): p is ProcInfo => p !== null);
}

/** `root` and every process below it. */
export function processTree(root: number, processes = allProcesses()): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const self = processes.find((p) => p.pid === root);
  if (!self) return [];
  const tree = [self];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i].pid) ?? []));
  return tree;
}

/** The command line of a process ("" once it is gone). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "";
  }
}

/** Direct children of `parent` whose command line matches. */
export function childrenMatching(parent: number, pattern: RegExp): number[] {
  return allProcesses()
    .filter((p) => p.ppid === parent && pattern.test(commandLine(p.pid)))
    .map((p) => p.pid);
}

/** Processes whose command line matches, leaving out those whose parent matches too (its tree has them). */
export function pidsMatching(pattern: RegExp): number[] {
  const matching = new Map(allProcesses().filter((p) => pattern.test(commandLine(p.pid))).map((p) => [p.pid, p]));
  return [...matching.values()].filter((p) => !matching.has(p.ppid)).map((p) => p.pid);
}

export interface CpuSample {
  ticks: number;
  at: number;
  /** Ticks per kind of process (processKind()). */
  byKind: Record<string, number>;
}

/**
 * What a process of a Chromium tree is, from its command line: renderer, gpu, audio (the audio
 * service), network, other utility, zygote, browser (Chromium's main process); Node for the rest.
 */
export function processKind(pid: number): string {
  const cmd = commandLine(pid);
  const type = /--type=([\w-]+)/.exec(cmd)?.[1];
  if (!type) return /chrom|headless_shell/i.test(cmd) ? "browser" : "node";
  if (type === "gpu-process") return "gpu";
  if (type !== "utility") return type;
  if (/AudioService/.test(cmd)) return "audio";
  if (/NetworkService/.test(cmd)) return "network";
  return "utility";
}

/** CPU ticks used so far by the trees under `roots` (or by the `roots` alone). */
export function cpuSample(roots: number[], withDescendants = true): CpuSample {
  const processes = allProcesses();
  const counted = withDescendants ? roots.flatMap((root) => processTree(root, processes)) : processes.filter((p) => roots.includes(p.pid));
  const byKind: Record<string, number> = {};
  for (const p of counted) {
    const kind = processKind(p.pid);
    byKind[kind] = (byKind[kind] ?? 0) + p.ticks;
  }
  const ticks = counted.reduce((sum, p) => sum + p.ticks, 0);
  return { ticks, at: performance.now(), byKind };
}

/** CPU between two samples, as a percentage of one core. */
export function cpuPercent(from: CpuSample, to: CpuSample): number {
  const cpuMs = ((to.ticks - from.ticks) * 1000) / TICKS_PER_SECOND;
  return (100 * cpuMs) / Math.max(1, to.at - from.at);
}

/**
 * CPU between two samples per kind of process, as a percentage of one core. A process that
 * started or ended between them counts only what the later sample saw of it, so the kinds add up
 * to about cpuPercent() while a tree's processes stay put (a bot's renderer lives as long as its bot).
 */
export function cpuPercentByKind(from: CpuSample, to: CpuSample): Record<string, number> {
  const ms = Math.max(1, to.at - from.at);
  return Object.fromEntries(
    Object.entries(to.byKind)
      .map(([kind, ticks]) => [kind, Number(((100 * (((ticks - (from.byKind[kind] ?? 0)) * 1000) / TICKS_PER_SECOND)) / ms).toFixed(1))] as const)
      .sort(([, a], [, b]) => b - a),
  );
}

/** The whole machine's busy share (all cores, 0–100) from /proc/stat. */
export function machineSample(): { busy: number; total: number } {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + (values[4] ?? 0); // idle + iowait
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0); // guest time is already in user
  return { busy: total - idle, total };
}

export function machineBusyPercent(from: { busy: number; total: number }, to: { busy: number; total: number }): number {
  return (100 * (to.busy - from.busy)) / Math.max(1, to.total - from.total);
}

function kbField(text: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
}

/**
 * Resident memory of the trees under `roots`, in MB: `rss` adds every process's resident set (pages
 * shared between Chromium's processes count once per process), `pss` shares each page among the
 * processes that map it (what the tree really occupies).
 */
export function memoryMb(roots: number[]): { rss: number; pss: number } {
  const processes = allProcesses();
  let rssKb = 0;
  let pssKb = 0;
  for (const p of roots.flatMap((root) => processTree(root, processes))) {
    try {
      const rollup = fs.readFileSync(`/proc/${p.pid}/smaps_rollup`, "utf8");
      rssKb += kbField(rollup, "Rss");
      pssKb += kbField(rollup, "Pss");
    } catch {
      // gone
    }
  }
  return { rss: rssKb / 1024, pss: pssKb / 1024 };
}

/** The machine's load average (1, 5 and 15 min), rounded: every bench prints it beside its figures (the cores are shared). */
export function loadAverage(): number[] {
  return os.loadavg().map((l) => Number(l.toFixed(2)));
}
