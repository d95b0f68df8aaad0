// `npm run bench:voice`: agents in test-room calls, measured end to end on this machine. Cohost runs
// as in production (the build served by `next start` through scripts/start.ts, RUN_WORKER=0) on an
// embedded PostgreSQL, with ONE bot worker (scripts/worker.ts) whose process tree (Node and its
// Chromium) is measured from /proc, and the provider fakes in a process of their own with delays in
// the providers' published ranges. People are pages of one Chromium run by the bench, each alone with
// one agent in its own room, whose fake microphone loops a wake-word question with silence around it.
//
// Per level of 1, 2, 4, 6, … concurrent bots (the worker restarted with WORKER_CONCURRENCY = level),
// the bots join one after another, then every person speaks BENCH_TURNS (default 6) questions.
// Prints one JSON document (progress goes to stderr):
// - join: POST /api/meetings/join → the agent in the person's roster, and → the meeting in_progress;
// - voice-to-voice at the listening page: end of the person's speech on their microphone track →
//   the agent's first sound on its remote track (bench/lib/listening-probe.ts), p50/p95, and the
//   overhead: that minus the configured waits (bench/lib/voice-delays.ts, stated in the JSON);
//   the pipeline's own voice-to-voice (its turn metrics) alongside, so the call's share shows;
// - the worker tree's CPU (% of one core) and memory (RSS and PSS, MB), idle and per bot;
// - maxBots: the largest level at which every turn was answered and Cohost's pipeline kept its
//   overhead p95 under 150 ms; levels go up until that fails. maxBots_at_page also asks that the
//   overhead p95 at the page stayed within 150 ms of one bot's p50: the call itself (two WebRTC legs
//   through two browsers) takes ~200 ms on this machine at any number of bots, so a fixed 150 ms at
//   the page would fail at one bot, and the people's browsers here compete with the worker for the
//   same two cores, which they would not in production.
// The machine is shared: the load average is reported with the figures.
// Settings: BENCH_TURNS, BENCH_LEVELS ("1,2,4": each measured, even after one fails), BENCH_MAX_BOTS (12),
// BENCH_VARIANTS (below), BENCH_RECORD=1 (the agent records its meetings: docs/recordings.md; also per variant,
// e.g. BENCH_VARIANTS="off:BENCH_RECORD=0;on:BENCH_RECORD=1"; the level then reports its recordings), NEXT_DIST_DIR,
// DATABASE_URL.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { freePort } from "../lib/db/embedded.ts";
import { readWav, writeWav } from "../lib/voice/audio/wav.ts";
import { launchPerson } from "../e2e/support/media.ts";
import { benchDatabase } from "./lib/database.ts";
import { jitterBufferMs, PERSON_PAGE_SCRIPT, probeEvents, startProbe, turnsOf, type Turns } from "./lib/listening-probe.ts";
import { childrenMatching, cpuPercent, cpuPercentByKind, cpuSample, loadAverage, machineBusyPercent, machineSample, memoryMb, pidsMatching, type CpuSample } from "./lib/proc-stats.ts";
import { configuredWaits, FAKE_DELAYS, percentileMs } from "./lib/voice-delays.ts";

const root = path.resolve(import.meta.dirname, "..");
const TURNS = Number(process.env.BENCH_TURNS || 6);
const RECORD = process.env.BENCH_RECORD === "1";
const MAX_BOTS = Number(process.env.BENCH_MAX_BOTS || 12);
const LEVELS = process.env.BENCH_LEVELS
  ? process.env.BENCH_LEVELS.split(",").map(Number)
  : [1, 2, 4, 6, 8, 10, 12].filter((n) => n <= MAX_BOTS);
/**
 * BENCH_VARIANTS="name:ENV=value ENV2=value;name2:…": the levels run once per variant, each with its
 * own worker started with that environment (a bot setting to compare), on one stack and one
 * machine load. Without it, one unnamed variant.
 */
const VARIANTS = (process.env.BENCH_VARIANTS ?? ":")
  .split(";")
  .filter((v) => v.trim())
  .map((v) => {
    const [name, settings = ""] = v.split(/:(.*)/s);
    return { name: name.trim() || null, env: Object.fromEntries(settings.split(/\s+/).filter(Boolean).map((kv) => kv.split(/=(.*)/s).slice(0, 2))) as Record<string, string> };
  });
/** A level holds while every turn is answered and its overhead p95 stays under this (see maxBots above). */
const OVERHEAD_P95_LIMIT_MS = 150;

const AGENT_NAME = "Cohost";
const QUESTION_FIXTURE = "hey-cohost-agenda.wav";
const QUESTION = "Hey Cohost, what is on the agenda today?";
const ANSWER = "The roadmap review is first, then the budget.";
/** Speech the fake TTS makes per character: about 16 characters a second, a calm speaking rate. */
const TTS_MS_PER_CHAR = 60;
/** The person's microphone loop: silence, the question, then silence long enough for the answer. */
const LEAD_SILENCE_MS = 1500;
const TURN_PERIOD_MS = 8000;
/** A turn without the agent's voice within this long is unanswered. */
const ANSWER_WITHIN_MS = 6000;
/** The combination measured, as e2e/agent-room.spec.ts uses it; Deepgram ends turns after its `endpointing` (catalogue default 300 ms). */
const PROVIDERS = { stt: "deepgram", ai: "openai", tts: "elevenlabs", sttEndsAfterMs: 300 };
const WAITS = configuredWaits(PROVIDERS.sttEndsAfterMs);

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const p50p95 = (values: number[]) => ({ p50: percentileMs(values, 50), p95: percentileMs(values, 95) });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-bench-voice-"));
fs.chmodSync(tmp, 0o755);
const cleanups: (() => Promise<unknown> | unknown)[] = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
};
process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));

/** Resolves when a child exits (at once if it has). */
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
async function stopChild(child: ChildProcess, graceMs = 20_000) {
  child.kill("SIGTERM");
  await Promise.race([exited(child), sleep(graceMs).then(() => child.kill("SIGKILL"))]);
}

// ── The stack ────────────────────────────────────────────────────────────────────────────────────

/** The person's microphone: the question with silence around it, looped by Chromium. */
function microphoneWav(): string {
  const question = readWav(fs.readFileSync(path.join(root, "test/fixtures/speech", QUESTION_FIXTURE))).samples;
  const samples = new Int16Array((16_000 * TURN_PERIOD_MS) / 1000);
  samples.set(question, (16_000 * LEAD_SILENCE_MS) / 1000);
  const file = path.join(tmp, "microphone.wav");
  fs.writeFileSync(file, writeWav({ samples, sampleRate: 16_000 }));
  return file;
}

async function startFakes() {
  const child = spawn(process.execPath, [path.join(root, "bench/lib/voice-fakes.ts")], { stdio: ["ignore", "pipe", "inherit"] });
  cleanups.push(() => stopChild(child, 5000));
  const line = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once("line", resolve));
  const fakes = JSON.parse(line) as { url: string; env: Record<string, string>; validKey: string };
  const control = async (call: string, body: unknown) => {
    const res = await fetch(`${fakes.url}/__control/${call}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`fake control ${call}: ${res.status}`);
  };
  // Every STT stream hears the question (whoever speaks it); the LLM answers each request alike.
  await control("set", { delays: FAKE_DELAYS, ttsMsPerChar: TTS_MS_PER_CHAR, defaultTranscript: QUESTION });
  await control("script", { ai: Array(5000).fill(ANSWER) });
  return { ...fakes, pid: child.pid! };
}

async function startWeb(env: NodeJS.ProcessEnv, port: number) {
  log(`▸ starting Cohost (production build; built first if missing) on port ${port}`);
  const child = spawn(process.execPath, [path.join(root, "scripts/start.ts")], { cwd: root, env: { ...env, PORT: String(port), RUN_WORKER: "0" }, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout!.on("data", (chunk) => process.stderr.write(chunk));
  cleanups.push(() => stopChild(child));
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("Cohost did not become healthy");
    await sleep(500);
  }
  return child;
}

interface WorkerLine {
  event: string;
  /** ISO time the worker wrote the line. */
  time?: string;
  meetingId?: string;
  level?: string;
  voiceToVoiceMs?: number | null;
  interrupted?: boolean;
  /** turn and user_turn lines: session clock (the worker's performance.now()). */
  turnId?: number;
  speechEndAt?: number;
  /** user_turn: where the sound ended by level (−40 dBFS, as the probe at the page measures it). */
  loudEndAt?: number;
  firstAudioAt?: number | null;
  /** user_turn: what became of a turn the agent heard (lib/voice/pipeline/session.ts). */
  outcome?: string;
  /** audio_skipped: the capture times (session clock) of the audio the session skipped to catch up, and how late it was. */
  fromAt?: number;
  toAt?: number;
  lagMs?: number;
  /** worker_started: the session clock's zero on the wall clock. */
  clockEpochMs?: number;
  /** call_audio: the bot page's receive statistics. */
  jitterBufferMs?: number;
  jitterBufferTargetMs?: number;
  concealedPercent?: number;
  /** performance.now() when the bench read the line. */
  seenAt: number;
}

/** One bot worker process, its JSON log lines parsed as they arrive. */
async function startWorker(env: NodeJS.ProcessEnv, concurrency: number) {
  const child = spawn(process.execPath, [path.join(root, "scripts/worker.ts")], { cwd: root, env: { ...env, WORKER_CONCURRENCY: String(concurrency), NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: WorkerLine[] = [];
  const waiters = new Set<() => void>();
  const onLine = (text: string, fromStderr: boolean) => {
    let line: WorkerLine;
    try {
      line = { ...JSON.parse(text), seenAt: performance.now() };
    } catch {
      if (fromStderr) log(`  worker: ${text}`);
      return;
    }
    if (line.level === "error" || line.level === "warn") log(`  worker ${line.level}: ${text}`);
    lines.push(line);
    for (const wake of waiters) wake();
  };
  readline.createInterface({ input: child.stdout! }).on("line", (l) => onLine(l, false));
  readline.createInterface({ input: child.stderr! }).on("line", (l) => onLine(l, true));
  /** The first line matching, waiting up to `timeoutMs` for it. */
  const waitFor = (match: (l: WorkerLine) => boolean, timeoutMs: number) =>
    new Promise<WorkerLine>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error("timed out waiting for the worker"));
      }, timeoutMs).unref();
      if (!check()) waiters.add(check);
    });
  const stop = () => stopChild(child, 30_000);
  cleanups.push(stop);
  const started = await Promise.race([
    waitFor((l) => l.event === "worker_started", 60_000),
    exited(child).then(() => {
      throw new Error("the worker exited while starting");
    }),
  ]);
  /** A time on the worker's session clock as Unix ms (the same machine's wall clock as the people's pages). */
  const epochOf = (sessionMs: number) => (started.clockEpochMs ?? NaN) + sessionMs;
  return { pid: child.pid!, lines, waitFor, stop, epochOf };
}

/**
 * The level's recordings once the bots have left: each meeting's row ready (waited for up to 30 s),
 * its parts, bytes and seconds, so a run with recording on shows the audio was really written.
 */
async function recordingsOf(databaseUrl: string, meetingIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ status: string; parts: { durationMs: number; bytes: number }[] }>(`SELECT status, parts FROM "Recording" WHERE "meetingId" = ANY($1)`, [meetingIds]);
      const ready = rows.filter((r) => r.status === "ready");
      if (ready.length === meetingIds.length || performance.now() > deadline) {
        const parts = ready.flatMap((r) => r.parts);
        return {
          meetings: meetingIds.length,
          ready: ready.length,
          parts: parts.length,
          bytes: parts.reduce((n, p) => n + p.bytes, 0),
          seconds: round(parts.reduce((n, p) => n + p.durationMs, 0) / 1000),
        };
      }
      await sleep(1000);
    }
  } finally {
    await client.end();
  }
}

// ── The API, as the bench's user ─────────────────────────────────────────────────────────────────

async function benchUser(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const userId = `bench${randomUUID().slice(0, 8)}`;
  await client.query(`INSERT INTO "User" (id, email, "firstName", "lastName", "emailVerified", "updatedAt") VALUES ($1, $2, 'Bench', 'User', now(), now())`, [userId, `${userId}@example.test`]);
  await client.end();
  const { issueAccessToken } = await import("../lib/auth/access-token.ts");
  // Access tokens live 15 minutes; each request gets a fresh one.
  return { token: () => issueAccessToken(userId).token };
}

function apiClient(base: string, token: () => string) {
  return async <T>(method: string, urlPath: string, body?: unknown, expected = [200, 201, 204]): Promise<T> => {
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!expected.includes(res.status)) throw new Error(`${method} ${urlPath} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? null : await res.json()) as T;
  };
}

// ── People and bots ──────────────────────────────────────────────────────────────────────────────

interface Call {
  person: BrowserContext;
  page: Page;
  meetingId: string;
  joinToRosterMs: number;
  joinToInProgressMs: number;
  /** Context time on the person's page from which turns count. */
  from: number;
}

/** A person alone in a new room, then the agent sent in; resolves once the person hears it. */
async function call(people: Browser, api: ReturnType<typeof apiClient>, worker: Awaited<ReturnType<typeof startWorker>>, appUrl: string, agentId: string): Promise<Call> {
  const room = await api<{ url: string }>("POST", "/api/rooms", {});
  const person = await people.newContext({ bypassCSP: true, locale: "en-US" });
  await person.addCookies([{ name: "cookie-consent", value: "false", url: appUrl }]);
  await person.addInitScript(PERSON_PAGE_SCRIPT);
  const page = await person.newPage();
  await page.goto(`${room.url}?lng=en`);
  await page.getByLabel("Your name").fill("Grace");
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await page.getByRole("button", { name: "Leave", exact: true }).waitFor({ timeout: 30_000 });

  const requested = performance.now();
  const meeting = await api<{ id: string }>("POST", "/api/meetings/join", { agentId, meetingUrl: room.url, title: "Benchmark" });
  const inProgress = worker.waitFor((l) => l.event === "admitted" && l.meetingId === meeting.id, 60_000);
  // Whichever of the two loses the race below is not awaited: its rejection must not end the bench.
  inProgress.catch(() => {});
  const failed = worker.waitFor((l) => l.event === "bot_ending" && l.meetingId === meeting.id, 60_000).then((l) => {
    throw new Error(`the bot ended while joining: ${JSON.stringify(l)}`);
  });
  failed.catch(() => {});
  await Promise.race([page.getByRole("list", { name: "In the room" }).getByRole("listitem").filter({ hasText: AGENT_NAME }).waitFor({ timeout: 60_000 }), failed]);
  const joinToRosterMs = performance.now() - requested;
  const admitted = await Promise.race([inProgress, failed]);
  // The agent's voice reaches the page once the call's WebRTC connection is up.
  await page.waitForFunction((name) => [...document.querySelectorAll<HTMLAudioElement>("audio[data-participant-name]")].some((a) => a.dataset.participantName === name && a.srcObject), AGENT_NAME, { timeout: 30_000 });
  await startProbe(page, AGENT_NAME);
  return { person, page, meetingId: meeting.id, joinToRosterMs, joinToInProgressMs: admitted.seenAt - requested, from: Infinity };
}

// ── Following a turn through the bot ─────────────────────────────────────────────────────────────

/** What the person's browser adds on the way in: Opus packetisation (see the level's call_person_side). */
const PERSON_PACKETISATION_MS = 20;
/** The bot's end of a person's speech comes this long before (clock rounding) to this long after the page's (the way in). */
const WAY_IN_WINDOW_MS = { before: 300, after: 2500 };

type Epoch = (sessionMs: number) => number;

/** The bot's user_turn line for the speech that ended at the page at `speechEndEpochMs` (nearest in the window), taken from `unused`. */
function userTurnFor(speechEndEpochMs: number, unused: Set<WorkerLine>, epochOf: Epoch): WorkerLine | undefined {
  let best: WorkerLine | undefined;
  for (const l of unused) {
    const d = epochOf(l.speechEndAt ?? NaN) - speechEndEpochMs;
    if (d < -WAY_IN_WINDOW_MS.before || d > WAY_IN_WINDOW_MS.after) continue;
    if (!best || Math.abs(d) < Math.abs(epochOf(best.speechEndAt!) - speechEndEpochMs)) best = l;
  }
  if (best) unused.delete(best);
  return best;
}

const replyOf = (userTurn: WorkerLine, lines: WorkerLine[]) => lines.find((l) => l.event === "turn" && l.meetingId === userTurn.meetingId && l.turnId === userTurn.turnId);

/**
 * An answered turn with the bot's figures for it: the pipeline's own voice-to-voice (from its VAD's
 * end of speech), and timed from where the sound ended by level at both ends (the VAD's estimate
 * of the end differs from turn to turn): the way in (the person's microphone → the bot's Node),
 * Node (→ the first audio handed to the bridge) and the way out (→ the person hears it).
 */
function followTurn(a: Turns["answered"][number], meetingId: string, unused: Set<WorkerLine>, lines: WorkerLine[], epochOf: Epoch) {
  const userTurn = userTurnFor(a.speechEndEpochMs, unused, epochOf);
  const reply = userTurn?.outcome === "answered" ? replyOf(userTurn, lines) : undefined;
  const traced = reply?.firstAudioAt != null && reply.speechEndAt !== undefined;
  const bySound = traced && userTurn?.loudEndAt !== undefined;
  return {
    meetingId,
    voiceToVoiceMs: a.voiceToVoiceMs,
    pipelineMs: traced ? reply.firstAudioAt! - reply.speechEndAt! : null,
    inMs: bySound ? epochOf(userTurn.loudEndAt!) - a.speechEndEpochMs : null,
    nodeMs: bySound ? reply.firstAudioAt! - userTurn.loudEndAt! : null,
    outMs: bySound ? a.answerEpochMs - epochOf(reply.firstAudioAt!) : null,
  };
}

/** Why the agent's voice never came after a turn, from what the bot logged about it. */
function whyUnanswered(speechEndEpochMs: number, meetingId: string, unused: Set<WorkerLine>, lines: WorkerLine[], epochOf: Epoch): { reason: string; detail?: string } {
  const userTurn = userTurnFor(speechEndEpochMs, unused, epochOf);
  // The session fell behind and skipped this audio, or abandoned the turn it was hearing, to catch up.
  const skip = lines.find((l) => l.meetingId === meetingId && l.event === "audio_skipped" && epochOf(l.fromAt ?? NaN) <= speechEndEpochMs && speechEndEpochMs <= epochOf(l.toAt ?? NaN));
  if (skip || userTurn?.outcome === "behind") return { reason: "skipped", detail: `the bot fell behind and skipped this audio to catch up${skip ? ` (it was ${skip.lagMs} ms late)` : ""}` };
  if (!userTurn) {
    // A later turn the bot did log means this one was dropped or merged; none means the bot had not
    // got this far when the level ended: its audio processing was behind (the last reply's lag says how far).
    const later = lines.some((l) => l.meetingId === meetingId && l.event === "user_turn" && epochOf(l.speechEndAt ?? NaN) > speechEndEpochMs);
    if (later) return { reason: "not_heard", detail: `no turn ended at the bot within ${WAY_IN_WINDOW_MS.after} ms of the speech's end, though later ones did: its VAD heard no end of speech here, or merged the turn into the next` };
    const last = lines.filter((l) => l.meetingId === meetingId && l.event === "turn" && l.firstAudioAt != null).at(-1);
    const lag = last ? `; its last reply came ${Math.round(last.firstAudioAt! - last.speechEndAt!)} ms after its turn ended` : "";
    return { reason: "behind", detail: `the bot logged nothing about this turn or any later one before the level ended${lag}` };
  }
  const inMs = Math.round(epochOf(userTurn.speechEndAt!) - speechEndEpochMs);
  if (userTurn.outcome !== "answered") return { reason: userTurn.outcome ?? "unknown", detail: `the bot heard the turn end ${inMs} ms after the page did` };
  const reply = replyOf(userTurn, lines);
  if (!reply) return { reason: "reply_unfinished", detail: "the bot started a reply and logged no metrics for it" };
  if (reply.interrupted) return { reason: "reply_interrupted" };
  if (reply.firstAudioAt == null) return { reason: "reply_without_audio" };
  const lateMs = Math.round(epochOf(reply.firstAudioAt) - speechEndEpochMs);
  // Past the answer window the page has stopped waiting (or the person asked again): a late reply, not a lost one.
  if (lateMs > ANSWER_WITHIN_MS) return { reason: "reply_too_late", detail: `the bot handed its first audio over ${lateMs} ms after the speech's end` };
  return { reason: "reply_not_heard_at_page", detail: `the bot handed its first audio over ${lateMs} ms after the speech's end, but the page heard nothing` };
}

async function stopBots(api: ReturnType<typeof apiClient>, worker: Awaited<ReturnType<typeof startWorker>>, calls: Call[]) {
  await Promise.all(calls.map((c) => api("POST", `/api/meetings/${c.meetingId}/stop`, {}).catch(() => {})));
  await Promise.all(calls.map((c) => worker.waitFor((l) => l.event === "bot_finished" && l.meetingId === c.meetingId, 30_000).catch(() => {})));
}

// ── Measuring ────────────────────────────────────────────────────────────────────────────────────

interface Trees {
  worker: number[];
  /** The worker's Node process alone (the rest of its tree is its Chromium). */
  workerNode: number[];
  people: number[];
  web: number[];
  fakes: number[];
  database: number[];
}

function sampleAll(trees: Trees) {
  return {
    machine: machineSample(),
    cpu: Object.fromEntries(Object.entries(trees).map(([name, roots]) => [name, cpuSample(roots, name !== "workerNode")])) as Record<keyof Trees, CpuSample>,
  };
}

function cpuBetween(a: ReturnType<typeof sampleAll>, b: ReturnType<typeof sampleAll>) {
  return {
    ...(Object.fromEntries(Object.keys(a.cpu).map((name) => [name, round(cpuPercent(a.cpu[name as keyof Trees], b.cpu[name as keyof Trees]))])) as Record<keyof Trees, number>),
    machine_busy_percent_of_all_cores: round(machineBusyPercent(a.machine, b.machine)),
  };
}

const mb = (m: { rss: number; pss: number }) => ({ rss: Math.round(m.rss), pss: Math.round(m.pss) });

async function main() {
  const loadAtStart = loadAverage();
  const externalDatabase = Boolean(process.env.DATABASE_URL);
  const db = await benchDatabase();
  cleanups.push(() => db.stop());
  const fakes = await startFakes();
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...fakes.env,
    DATA_DIR: tmp,
    DATABASE_URL: db.url,
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const web = await startWeb(env, port);

  const user = await benchUser(db.url);
  const api = apiClient(`http://127.0.0.1:${port}`, user.token);
  const topUp = await api<{ id: string }>("POST", "/api/billing/topup", { amount: 100 });
  await api("POST", `/api/billing/test-checkout/${topUp.id}/pay`);
  /** The bench's agent; one per variant, since recording is an agent's setting (BENCH_RECORD in a variant). */
  const createAgent = (record: boolean) =>
    api<{ id: string }>("POST", "/api/agents", {
      name: AGENT_NAME,
      description: "Answers questions about the agenda.",
      language: "en",
      wakeWord: "hey cohost",
      sttProviderId: PROVIDERS.stt,
      sttApiKey: fakes.validKey,
      aiProviderId: PROVIDERS.ai,
      aiApiKey: fakes.validKey,
      ttsProviderId: PROVIDERS.tts,
      ttsApiKey: fakes.validKey,
      meetingPlatform: "meet",
      recordMeetings: record,
    });

  const people = await launchPerson({ wav: microphoneWav() });
  cleanups.push(() => people.close());
  const trees: Trees = {
    worker: [],
    workerNode: [],
    people: childrenMatching(process.pid, /chrom/i),
    web: [web.pid!],
    fakes: [fakes.pid],
    // The embedded PostgreSQL's postmaster (its backends are its children); none with DATABASE_URL.
    database: externalDatabase ? [] : pidsMatching(new RegExp(`postgres .*-p ${new URL(db.url).port}\\b`)),
  };

  const results = [];
  for (const variant of VARIANTS) {
    const record = variant.env.BENCH_RECORD ? variant.env.BENCH_RECORD === "1" : RECORD;
    const agent = await createAgent(record);
    const levels = [];
    let idle: { cpu_percent_of_one_core: number; memory_mb: { rss: number; pss: number } } | null = null;
    let maxBots = 0;
    let maxBotsAtPage = 0;
    let oneBotOverhead: number | null = null;
    let failedLevel: { bots: number; joined: number; error: string } | null = null;
    for (const bots of LEVELS) {
      log(`▸ ${variant.name ? `${variant.name}, ` : ""}${bots} bot${bots === 1 ? "" : "s"}: starting a worker (WORKER_CONCURRENCY=${bots})`);
      const worker = await startWorker({ ...env, ...variant.env }, bots);
      trees.worker = [worker.pid];
      trees.workerNode = [worker.pid];
      // The worker's idle baseline: Node and its warm Chromium, no bot.
      await sleep(2000);
      const idleFrom = cpuSample(trees.worker);
      await sleep(4000);
      const idleHere = { cpu_percent_of_one_core: round(cpuPercent(idleFrom, cpuSample(trees.worker))), memory_mb: mb(memoryMb(trees.worker)) };
      idle ??= idleHere;

      const calls: Call[] = [];
      try {
        try {
          for (let i = 0; i < bots; i++) {
            calls.push(await call(people, api, worker, appUrl, agent.id));
            log(`  bot ${i + 1}/${bots} in the room after ${Math.round(calls[i].joinToRosterMs)} ms (in_progress after ${Math.round(calls[i].joinToInProgressMs)} ms)`);
          }
        } catch (err) {
          // A bot that cannot join is as much a result as a slow one: this level does not hold.
          log(`  ✖ bot ${calls.length + 1}/${bots} did not get into its call: ${(err as Error).message}`);
          failedLevel = { bots, joined: calls.length, error: (err as Error).message };
          break;
        }
        // Every bot is in its call: turns count from here.
        for (const c of calls) c.from = (await probeEvents(c.page)).now;
        const windowStart = performance.now();
        const before = sampleAll(trees);
        log(`  measuring ${TURNS} turns per person`);
        const deadline = windowStart + TURNS * TURN_PERIOD_MS + ANSWER_WITHIN_MS + 15_000;
        let turns: Turns[] = [];
        let peakMemory = { rss: 0, pss: 0 };
        for (;;) {
          await sleep(2000);
          turns = await Promise.all(
            calls.map(async (c) => {
              const { events, now } = await probeEvents(c.page);
              return turnsOf(events, c.from, now, ANSWER_WITHIN_MS);
            }),
          );
          const memory = memoryMb(trees.worker);
          if (memory.pss > peakMemory.pss) peakMemory = memory;
          const done = turns.every((t) => t.answered.length + t.unanswered.length >= TURNS);
          if (done || performance.now() > deadline) break;
        }
        const after = sampleAll(trees);
        const cpu = cpuBetween(before, after);
        // The last answers' metrics lines come once they have played.
        await sleep(ANSWER.length * TTS_MS_PER_CHAR + 1000);

        // The person's jitter buffer, then the bots leave (their receive statistics come as they go).
        const jitterBuffers = (await Promise.all(calls.map((c) => jitterBufferMs(c.page).catch(() => null)))).filter((j): j is number => j !== null);
        await stopBots(api, worker, calls);
        const recordings = record ? await recordingsOf(db.url, calls.map((c) => c.meetingId)) : null;

        const meetings = new Set(calls.map((c) => c.meetingId));
        const linesOfLevel = worker.lines.filter((l) => meetings.has(l.meetingId ?? "") && l.seenAt >= windowStart);
        const heard = turns.map((t, i) => {
          const unused = new Set(linesOfLevel.filter((l) => l.meetingId === calls[i].meetingId && l.event === "user_turn"));
          return {
            answered: t.answered.slice(0, TURNS).map((a) => followTurn(a, calls[i].meetingId, unused, linesOfLevel, worker.epochOf)),
            unanswered: t.unanswered.slice(0, TURNS).map((u, k) => ({ bot: i + 1, turn: k + 1, ...whyUnanswered(u.speechEndEpochMs, calls[i].meetingId, unused, linesOfLevel, worker.epochOf) })),
          };
        });
        const answered = heard.flatMap((h) => h.answered);
        const unansweredTurns = heard.flatMap((h) => h.unanswered);
        const unanswered = unansweredTurns.length;
        const v2v = answered.map((a) => a.voiceToVoiceMs);
        const overhead = v2v.map((v) => v - WAITS.total);
        const measured = turns.reduce((n, t) => n + Math.min(TURNS, t.answered.length) + Math.min(TURNS, t.unanswered.length), 0);
        // Per turn heard at the page, the bot's own figures for the same turn (its user_turn and turn
        // lines): the pipeline's share, and the call's split at the worker into the way in (person's
        // microphone → the bot's Node) and the way out (Node → the person's ear).
        const traced = answered.filter((a) => a.pipelineMs !== null);
        const pipelineOverhead = p50p95(traced.map((a) => a.pipelineMs! - WAITS.total));
        const callMs = traced.map((a) => a.voiceToVoiceMs - a.pipelineMs!);
        const bySound = answered.filter((a) => a.inMs !== null);
        const personJitterBuffer = percentileMs(jitterBuffers, 50);
        // What the person's browser adds to the call: its jitter buffer on the way out, and on the
        // way in its Opus packetisation (a 20 ms frame goes out once complete, after 10 ms capture
        // chunks: ~20 ms; not visible in getStats). The loopback network adds ~0. The rest is the
        // bot's side (its jitter buffer, capture, bridge, playout lead and encoding): the part of the
        // call that a bot in Zoom, Teams or Meet adds too.
        const personSide = (personJitterBuffer ?? 0) + PERSON_PACKETISATION_MS;
        const botStats = linesOfLevel.filter((l) => l.event === "call_audio");
        const median = (values: (number | undefined)[]) => percentileMs(values.filter((v): v is number => v !== undefined), 50);
        const workerCpu = cpu.worker;
        const level = {
          bots,
          join_ms: {
            to_roster: { p50: percentileMs(calls.map((c) => c.joinToRosterMs), 50), max: Math.round(Math.max(...calls.map((c) => c.joinToRosterMs))) },
            to_in_progress: { p50: percentileMs(calls.map((c) => c.joinToInProgressMs), 50), max: Math.round(Math.max(...calls.map((c) => c.joinToInProgressMs))) },
          },
          turns: {
            expected: bots * TURNS,
            answered: v2v.length,
            unanswered,
            not_measured: bots * TURNS - measured,
            talked_over: turns.reduce((n, t) => n + t.overlapped, 0),
            ...(unanswered ? { unanswered_why: unansweredTurns } : {}),
          },
          voice_to_voice_at_page_ms: p50p95(v2v),
          overhead_ms: p50p95(overhead),
          overhead_split_ms: {
            pipeline: pipelineOverhead,
            call: { ...p50p95(callMs), turns: callMs.length },
            by_sound: {
              way_in: p50p95(bySound.map((a) => a.inMs!)),
              node_overhead: p50p95(bySound.map((a) => a.nodeMs! - WAITS.total)),
              way_out: p50p95(bySound.map((a) => a.outMs!)),
              call: p50p95(bySound.map((a) => a.inMs! + a.outMs!)),
              turns: bySound.length,
            },
            call_bot_side: p50p95(bySound.map((a) => a.inMs! + a.outMs! - personSide)),
            call_person_side: { jitter_buffer: personJitterBuffer, packetisation: PERSON_PACKETISATION_MS },
            bot_receive: { jitter_buffer: median(botStats.map((l) => l.jitterBufferMs)), jitter_buffer_target: median(botStats.map((l) => l.jitterBufferTargetMs)), concealed_percent: median(botStats.map((l) => l.concealedPercent)) },
          },
          worker: {
            cpu_percent_of_one_core: workerCpu,
            cpu_split: { node: cpu.workerNode, chromium: round(workerCpu - cpu.workerNode) },
            cpu_by_process: cpuPercentByKind(before.cpu.worker, after.cpu.worker),
            memory_mb: mb(peakMemory),
            per_bot: {
              cpu_percent_of_one_core: round((workerCpu - idleHere.cpu_percent_of_one_core) / bots),
              rss_mb: round((peakMemory.rss - idleHere.memory_mb.rss) / bots),
              pss_mb: round((peakMemory.pss - idleHere.memory_mb.pss) / bots),
            },
            idle: idleHere,
          },
          others_cpu_percent_of_one_core: { people_browser: cpu.people, web_server: cpu.web, provider_fakes: cpu.fakes, database: cpu.database },
          machine_busy_percent_of_all_cores: cpu.machine_busy_percent_of_all_cores,
          load_average: loadAverage(),
          ...(recordings ? { recordings } : {}),
        };
        log(`  voice-to-voice p50/p95 ${level.voice_to_voice_at_page_ms.p50}/${level.voice_to_voice_at_page_ms.p95} ms, overhead ${level.overhead_ms.p50}/${level.overhead_ms.p95} ms (pipeline ${pipelineOverhead.p50}, call ${level.overhead_split_ms.call.p50}; by sound: in ${level.overhead_split_ms.by_sound.way_in.p50}, Node ${level.overhead_split_ms.by_sound.node_overhead.p50}, out ${level.overhead_split_ms.by_sound.way_out.p50}, the bot's side of the call ${level.overhead_split_ms.call_bot_side.p50}), ${v2v.length}/${bots * TURNS} answered, worker ${workerCpu} % CPU`);
        for (const u of unansweredTurns) log(`  unanswered: bot ${u.bot} turn ${u.turn}: ${u.reason}`);
        oneBotOverhead ??= level.overhead_ms.p50 ?? 0;
        const holds = unanswered === 0 && measured === bots * TURNS && (pipelineOverhead.p95 ?? Infinity) < OVERHEAD_P95_LIMIT_MS;
        const holdsAtPage = holds && maxBotsAtPage === maxBots && (level.overhead_ms.p95 ?? Infinity) - oneBotOverhead < OVERHEAD_P95_LIMIT_MS;
        levels.push({ ...level, holds: { worker: holds, at_page: holdsAtPage } });
        // maxBots counts only levels that held with every level below them.
        if (holds && levels.every((l) => l.holds.worker)) maxBots = bots;
        if (holdsAtPage && levels.every((l) => l.holds.at_page)) maxBotsAtPage = bots;
        // Levels go up until one fails, unless BENCH_LEVELS names the levels to measure.
        if (!holds && !process.env.BENCH_LEVELS) break;
      } finally {
        await stopBots(api, worker, calls);
        await Promise.all(calls.map((c) => c.person.close().catch(() => {})));
        await worker.stop();
      }
    }


    const joins = levels.map((l) => l.join_ms.to_in_progress.max);
    const firstLevel = levels[0];
    results.push({
      ...(variant.name ? { variant: variant.name, variant_env: variant.env } : {}),
      recording: record,
      worker_idle: idle,
      levels,
      ...(failedLevel ? { failed_level: failedLevel } : {}),
      maxBots,
      maxBots_rule: `every turn answered and the pipeline's overhead p95 < ${OVERHEAD_P95_LIMIT_MS} ms`,
      maxBots_at_page: maxBotsAtPage,
      maxBots_at_page_rule: `also the overhead p95 at the page < one bot's overhead p50 at the page (${oneBotOverhead} ms) + ${OVERHEAD_P95_LIMIT_MS} ms`,
      aims: {
        join_within_5_s: joins.length > 0 && Math.max(...joins) <= 5000,
        overhead_p50_within_100_ms: firstLevel ? (firstLevel.overhead_ms.p50 ?? Infinity) <= 100 : false,
        pipeline_overhead_p50_within_100_ms: firstLevel ? (firstLevel.overhead_split_ms.pipeline.p50 ?? Infinity) <= 100 : false,
        every_turn_answered: levels.length > 0 && levels.every((l) => l.turns.unanswered === 0),
        at_least_4_bots: maxBots >= 4,
        // By level: a lone bot also carries its browser's own processes (browser, network, audio
        // service), which the bots of one worker share.
        bot_within_15_percent_of_a_core: Object.fromEntries(levels.map((l) => [l.bots, l.worker.per_bot.cpu_percent_of_one_core <= 15])),
      },
    });
  }
  console.log(
    JSON.stringify(
      {
        machine: { cores: os.cpus().length, load_average_at_start: loadAtStart, load_average_at_end: loadAverage() },
        setup: {
          providers: `${PROVIDERS.stt} + ${PROVIDERS.ai} + ${PROVIDERS.tts} (fakes speaking their wire protocols)`,
          fake_delays_ms: FAKE_DELAYS,
          tts_ms_per_char: TTS_MS_PER_CHAR,
          person_speaks: `"${QUESTION}" every ${TURN_PERIOD_MS} ms`,
          turns_per_bot: TURNS,
          recording: RECORD,
        },
        configured_waits_ms: {
          ...WAITS,
          meaning:
            "subtracted from voice-to-voice to give the overhead: turn_end = Deepgram's endpointing (300 ms of silence) + the STT final (150 ms), then the LLM's first token and the TTS's first audio",
        },
        ...(results.length === 1 && !results[0].variant ? results[0] : { variants: results }),
      },
      null,
      2,
    ),
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
