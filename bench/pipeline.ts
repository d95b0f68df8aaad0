// `npm run bench:pipeline`: live voice sessions in real time against the voice fakes (their own
// process, so CPU figures are the session's), one per provider combination covering every adapter
// family. Each session hears BENCH_TURNS (default 8) spoken questions (a speech fixture in 20 ms
// frames at the pace a meeting delivers them) and answers each. Prints JSON per combination:
// voice-to-voice p50/p95 (end of speech → first audio out), the pipeline's own overhead p50/p95
// (voice-to-voice minus what is configured to take time: the silence that ends the turn — the
// provider's or our 512 ms — and the STT's final after it, the LLM's first token, the TTS's first
// audio), the time the pipeline itself adds between those waits as measured (own processing), the
// measured stage latencies, and CPU of the session process (% of one core, ms per second of audio).
// Then the same turns once more with a tool call in each (the model calls slow_lookup on the test
// MCP server, which takes BENCH_TOOL_MS, default 100 ms; then answers): the tool round trip's own
// overhead is that run's overhead minus the plain run's (beyond the tool's time and the second
// request's first token), i.e. what calling a tool adds (docs/tools.md; aim ≤ 20 ms p50).
// Run it on an idle machine: other load shows up as overhead.
import { spawn } from "node:child_process";
import readline from "node:readline";
import type { AgentMcpServer } from "../lib/generated/prisma/client.ts";
import { catalogueEntry } from "../lib/providers/catalogue.ts";
import { openMeetingTools } from "../lib/tools/open-meeting-tools.ts";
import { createVoiceSession } from "../lib/voice/pipeline/session.ts";
import { createProviders } from "../lib/voice/providers/create-providers.ts";
import type { ProviderLogEvent } from "../lib/voice/providers/log.ts";
import type { AgentVoiceConfig, ProviderConfig, ProviderKind, SessionEvent } from "../lib/voice/types.ts";
import type { TurnMetrics } from "../lib/meetings/run-output.ts";
import { SPEECH, speechSamples } from "../test/voice/pipeline/speech.ts";
import { loadAverage } from "./lib/proc-stats.ts";
import { configuredWaits, FAKE_DELAYS as DELAYS, percentileMs as percentile } from "./lib/voice-delays.ts";

const loadBefore = loadAverage();
const TURNS = Number(process.env.BENCH_TURNS || 8);
const FRAME_MS = 20;
const QUESTION = "co-host-summarise";
const ANSWER = "Here is the summary. We agreed to move the launch to Friday.";
const TOOL_MS = Number(process.env.BENCH_TOOL_MS || 100);
const TOOL_CALL = { calls: [{ name: "slow_lookup", arguments: { ticket: "A-7" } }] };

interface Combination {
  stt: string;
  sttModel?: string;
  ai: string;
  tts: string;
  /**
   * Silence after which the provider itself ends the turn (its fake's setting), or null when it
   * transcribes only once our VAD hears the end. Its final then arrives `sttFinalMs` later and
   * closes the turn, before or after our own 512 ms.
   */
  sttEndsAfterMs: number | null;
}
const COMBINATIONS: Combination[] = [
  // Deepgram Nova: `endpointing` (catalogue default 300 ms) of silence.
  { stt: "deepgram", ai: "openai", tts: "elevenlabs", sttEndsAfterMs: 300 },
  // AssemblyAI: min_end_of_turn_silence_when_confident (catalogue default 400 ms).
  { stt: "assemblyai", ai: "anthropic", tts: "cartesia", sttEndsAfterMs: 400 },
  // OpenAI: the utterance is uploaded when our VAD hears its end.
  { stt: "openai", ai: "gemini", tts: "openai", sttEndsAfterMs: null },
  // Deepgram Flux: its fake ends turns after 400 ms of silence.
  { stt: "deepgram", sttModel: "flux-general-en", ai: "groq", tts: "deepgram", sttEndsAfterMs: 400 },
];

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

// The fakes, in their own process.
const child = spawn(process.execPath, [new URL("./lib/voice-fakes.ts", import.meta.url).pathname], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, BENCH_TOOL_MS: String(TOOL_MS) } });
const fakes = JSON.parse(await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once("line", resolve))) as { url: string; env: Record<string, string>; compatibleBaseUrl: string; validKey: string; mcpUrl: string };
Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_TOOL_URLS: "1" });
const control = async (call: string, body: unknown) => {
  const res = await fetch(`${fakes.url}/__control/${call}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`fake control ${call}: ${res.status}`);
};

function provider(kind: ProviderKind, providerId: string, model?: string): ProviderConfig {
  return { providerId, apiKey: fakes.validKey, model: model ?? catalogueEntry(kind, providerId)!.defaultModel!, language: "en", extra: {} };
}

/** The agent's tools as a bot opens them: the built-ins and the test MCP server's. */
function toolbox() {
  // The bench's speaker is nobody in particular: its lookup is open to everyone (docs/tools.md, "Who may use which tool").
  const server = { id: "bench", agentId: "bench", name: "Tracker", url: fakes.mcpUrl, tokenEnc: null, tokenHint: null, headersEnc: null, headerNames: [], disabledTools: [], everyoneTools: ["slow_lookup"], actingTools: [], position: 0 } as unknown as AgentMcpServer;
  return openMeetingTools([server], { meetingId: "bench", agentId: "bench", timeZone: "UTC", ownerName: "", isOwner: () => false, leaveAfterReply: () => {} });
}

async function run(combo: Combination, withTool: boolean) {
  await control("reset", {});
  await control("set", { delays: DELAYS, ttsMsPerChar: 20 });
  await control("script", { stt: Array(TURNS).fill(SPEECH[QUESTION].text), ai: Array.from({ length: TURNS }, () => (withTool ? [TOOL_CALL, ANSWER] : [ANSWER])).flat() });
  const tools = withTool ? await toolbox() : null;
  const agent: AgentVoiceConfig = {
    name: "Cohost",
    instructions: "Summarise when asked.",
    language: "en",
    wakeWord: "Cohost",
    manualActivation: false,
    stt: provider("stt", combo.stt, combo.sttModel),
    ai: provider("ai", combo.ai),
    tts: provider("tts", combo.tts),
  };
  const events: SessionEvent[] = [];
  /**
   * Per person's turn, by the end of its speech (session clock; the turn's metrics carry the same
   * `speechEndAt`): end of speech → the turn closed (its transcript came out). Keyed by the turn, so
   * a merged or unanswered turn shifts no other turn's figure.
   */
  const turnClosedMs = new Map<number, number>();
  let onMetrics = () => {};
  const providerLog: ProviderLogEvent[] = [];
  const session = createVoiceSession({
    agent,
    providers: createProviders(agent, { log: (e) => providerLog.push(e) }),
    onEvent: (e) => {
      events.push(e);
      if (e.type === "transcript" && !e.segment.isAgent) turnClosedMs.set(e.segment.endMs, performance.now() - e.segment.endMs);
      if (e.type === "metrics") onMetrics();
    },
    output: { play: () => {}, clear: () => {} },
    tools: tools?.tools,
    // The session's own log lines go to stderr with the progress: stdout is the bench's JSON alone.
    log: (event, fields) => log(JSON.stringify({ event, ...fields })),
  });
  await session.start();

  // A meeting's audio never stops: a question when one is queued, silence otherwise, in real time.
  const silence = new Int16Array((16_000 * FRAME_MS) / 1000);
  const queued: Int16Array[] = [];
  let running = true;
  let frames = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const feeder = (async () => {
    while (running) {
      session.pushAudio({ samples: queued.shift() ?? silence, sampleRate: 16_000, timeMs: performance.now(), speakerId: "alice" });
      frames++;
      await sleep(started + frames * FRAME_MS - performance.now());
    }
  })();
  const question = speechSamples(QUESTION);
  const metrics = () => events.filter((e): e is { type: "metrics"; metrics: TurnMetrics } => e.type === "metrics").map((e) => e.metrics);
  for (let turn = 0; turn < TURNS; turn++) {
    for (let i = 0; i < question.length; i += silence.length) queued.push(question.subarray(i, i + silence.length));
    if (metrics().length <= turn) {
      // Until the agent has answered (or 20 s, a turn it missed).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20_000);
        onMetrics = () => (clearTimeout(timer), resolve());
      });
    }
    await sleep(300);
  }
  running = false;
  await feeder;
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - started;
  await session.stop();
  await tools?.close();

  const done = metrics().filter((m) => m.voiceToVoiceMs !== null && !m.interrupted);
  // Every answered turn's transcript came out before its reply began.
  const closedMs = (m: TurnMetrics) => {
    const ms = turnClosedMs.get(m.speechEndAt);
    if (ms === undefined) throw new Error(`turn ${m.turnId} was answered without its transcript`);
    return ms;
  };
  const waits = configuredWaits(combo.sttEndsAfterMs);
  // With a tool: the first request's answer is the call, then the tool's time and a second request.
  const configured = waits.total + (withTool ? TOOL_MS + DELAYS.llmFirstTokenMs : 0);
  const v2v = done.map((m) => m.voiceToVoiceMs!);
  const overhead = v2v.map((v) => v - configured);
  // Ours alone: voice-to-voice minus every wait on a provider as measured (turn end, LLM, TTS).
  const own = done.map((m) => m.voiceToVoiceMs! - closedMs(m) - m.llmFirstTokenMs! - m.ttsFirstAudioMs! - (withTool ? m.toolMs! + DELAYS.llmFirstTokenMs : 0));
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    combination: `${combo.stt}${combo.sttModel ? `(${combo.sttModel})` : ""} + ${combo.ai} + ${combo.tts}`,
    turns_answered: `${done.length}/${TURNS}`,
    voice_to_voice_ms: { p50: percentile(v2v, 50), p95: percentile(v2v, 95) },
    configured_ms: withTool ? { ...waits, tool: TOOL_MS, second_llm_first_token: DELAYS.llmFirstTokenMs, total: configured } : waits,
    overhead_ms: { p50: percentile(overhead, 50), p95: percentile(overhead, 95) },
    own_processing_ms: { p50: percentile(own, 50), p95: percentile(own, 95) },
    measured_p50_ms: {
      turn_end: percentile(done.map(closedMs), 50),
      transcript: percentile(done.map((m) => m.transcriptMs ?? 0), 50),
      llm_first_token: percentile(done.map((m) => m.llmFirstTokenMs ?? 0), 50),
      tts_first_audio: percentile(done.map((m) => m.ttsFirstAudioMs ?? 0), 50),
    },
    ...(withTool ? { tool_wait_p50_ms: percentile(done.map((m) => m.toolMs ?? 0), 50), configured_tool_ms: TOOL_MS } : {}),
    cpu: { percent_of_one_core: Number(((100 * cpuMs) / wallMs).toFixed(1)), ms_per_audio_s: Number((cpuMs / (wallMs / 1000)).toFixed(1)) },
    provider_retries: providerLog.filter((e) => e.event.endsWith("_retry")).length,
  };
}

try {
  const results = [];
  for (const combo of COMBINATIONS) {
    log(`▸ ${combo.stt} + ${combo.ai} + ${combo.tts}: ${TURNS} turns, then ${TURNS} with a tool call`);
    const plain = await run(combo, false);
    const tool = await run(combo, true);
    const own = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
    results.push({
      ...plain,
      tool_round_trip: {
        ...tool,
        // What a tool call adds beyond its own time and the second request's first token.
        own_overhead_ms: { p50: own(tool.overhead_ms.p50, plain.overhead_ms.p50), p95: own(tool.overhead_ms.p95, plain.overhead_ms.p95) },
      },
    });
  }
  const load_average = { before: loadBefore, after: loadAverage() };
  console.log(JSON.stringify({ turns_per_combination: TURNS, fake_delays_ms: DELAYS, tool_ms: TOOL_MS, load_average, results }, null, 2));
} finally {
  child.kill("SIGTERM");
}
