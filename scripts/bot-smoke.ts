// An operator's live check of a platform adapter with a meeting of their own (docs/platforms.md):
//
//   npm run bot:smoke -- <meeting-url> [--name "Cohost test bot"] [--wait-minutes 10]
//                        [--stay-seconds 10] [--say "text"] [--headed] [--session FILE]
//
// Launches the bot's browser as the worker does (launchBotBrowser, openBotPage, the audio bridge
// with the adapter's capture), joins through the adapter, says one sentence, stays a moment, leaves,
// and prints every step with its time since the start: each join phase the adapter reads (with a
// screenshot of it), and each change in what its probe reads on the page (the texts and elements it
// knows), so a wrong reading shows where it went wrong. The sentence is scripts/smoke-sentence.wav
// (made once with eSpeak NG, npm @echogarden/espeak-ng-emscripten; nothing needs it at run time)
// or, with --say, the text spoken by one of the agents' text-to-speech providers: SMOKE_TTS_PROVIDER
// (a catalogue id, default openai), SMOKE_TTS_KEY, and optionally SMOKE_TTS_MODEL and
// SMOKE_TTS_EXTRA (the provider's extra params as JSON, e.g. {"voiceId":"…"}). A Zoom meeting is joined through the
// Meeting SDK when ZOOM_APP_KEY and ZOOM_APP_SECRET are set. When joining fails or the meeting drops
// the bot, a screenshot and the page's HTML are kept and their paths printed. Exit code 0 when the
// bot got in, spoke and left; 1 otherwise; 2 for a bad command line.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { providerForPlatform, type BotStorageState } from "../lib/agents/bot-session-scope.ts";
import { findChromium } from "../lib/browser/chromium.ts";
import { createAudioBridge } from "../lib/bots/bridge/create-audio-bridge.ts";
import { launchBotBrowser, newBotContext, openBotPage } from "../lib/bots/browser.ts";
import { captureFailure } from "../lib/bots/failure-artifacts.ts";
import { adapterFor } from "../lib/bots/platforms/adapter-for.ts";
import type { Probe } from "../lib/bots/platforms/page-probe.ts";
import type { JoinPhase, Participant, PlatformEvent } from "../lib/bots/platforms/types.ts";
import { appUrl } from "../lib/config.ts";
import { parseJoinLink } from "../lib/meetings/meeting-url.ts";
import { catalogueEntry } from "../lib/providers/catalogue.ts";
import { readWav } from "../lib/voice/audio/wav.ts";
import { createTts } from "../lib/voice/providers/create-providers.ts";

const started = performance.now();
function step(text: string): void {
  console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  ${text}`);
}

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run bot:smoke -- <meeting-url> [--name NAME] [--wait-minutes N] [--stay-seconds N] [--say TEXT] [--headed] [--session FILE]`);
  process.exit(2);
}

const { values: args, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: "string", default: "Cohost test bot" },
        "wait-minutes": { type: "string", default: "10" },
        "stay-seconds": { type: "string", default: "10" },
        say: { type: "string" },
        headed: { type: "boolean", default: false },
        session: { type: "string" },
      },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
})();

const meetingUrl = positionals[0] ?? usage("Give the meeting link.");
const link = parseJoinLink(meetingUrl, appUrl()) ?? usage(`Not a Zoom, Teams, Google Meet or Cohost test room link: ${meetingUrl}`);
const waitMinutes = Number(args["wait-minutes"]);
const staySeconds = Number(args["stay-seconds"]);
if (!(waitMinutes > 0) || !(staySeconds >= 0)) usage("--wait-minutes must be above 0 and --stay-seconds at least 0.");

/** The sentence through a text-to-speech provider configured in the environment. */
async function speak(text: string): Promise<{ samples: Int16Array; sampleRate: number }> {
  const providerId = process.env.SMOKE_TTS_PROVIDER || "openai";
  const entry = catalogueEntry("tts", providerId);
  if (!entry) throw new Error(`SMOKE_TTS_PROVIDER=${providerId} is not a text-to-speech provider of the catalogue`);
  const apiKey = process.env.SMOKE_TTS_KEY;
  if (!apiKey) throw new Error("--say needs SMOKE_TTS_KEY (the provider's key), or leave --say out to play the committed sentence");
  const extra = process.env.SMOKE_TTS_EXTRA ? (JSON.parse(process.env.SMOKE_TTS_EXTRA) as Record<string, unknown>) : {};
  const tts = createTts({ providerId, apiKey, model: process.env.SMOKE_TTS_MODEL || entry.defaultModel || "", language: "en", extra });
  try {
    const stream = tts.open(new AbortController().signal);
    stream.pushText(text);
    stream.end();
    const chunks: Int16Array[] = [];
    for await (const chunk of stream.audio) chunks.push(chunk);
    const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
    chunks.reduce((at, c) => (samples.set(c, at), at + c.length), 0);
    return { samples, sampleRate: tts.sampleRate };
  } finally {
    tts.close();
  }
}

const adapter = adapterFor(link.platform);
const sentence = await (args.say ? speak(args.say) : Promise.resolve(readWav(fs.readFileSync(path.resolve(import.meta.dirname, "smoke-sentence.wav"))))).catch((err: Error) =>
  usage(`Could not make the sentence: ${err.message}`),
);
const sentenceMs = (sentence.samples.length / sentence.sampleRate) * 1000;
step(`${link.platform} meeting ${link.meetingId ?? link.url}; the agent says ${args.say ? `"${args.say}" (${process.env.SMOKE_TTS_PROVIDER || "openai"} text-to-speech)` : "scripts/smoke-sentence.wav"} (${(sentenceMs / 1000).toFixed(1)} s)`);

const chromium = findChromium();
const browser = await launchBotBrowser({ headless: args.headed ? false : undefined });
step(`Chromium ${browser.version()} (${chromium.source}: ${chromium.path})`);
// --session: a signed-in bot's session file (npm run bot:session), loaded as the worker loads it.
const sessionProvider = providerForPlatform(link.platform);
if (args.session && !sessionProvider) usage("--session is for Google Meet (a Google session) and Teams (a Microsoft session).");
const session = args.session && sessionProvider ? { provider: sessionProvider, state: JSON.parse(fs.readFileSync(args.session, "utf8")) as BotStorageState } : null;
if (session) step(`signed in with ${args.session} (${session.provider}); --name should be the account's name as meetings show it`);
const context = await newBotContext(browser, { platform: link.platform, url: link.url }, { session });
const page = await openBotPage(context);
const bridge = await createAudioBridge(page, { capture: adapter.bridgeCapture, onError: (err) => step(`audio bridge: ${err.message}`) });
const heardMs = new Map<string, number>();
bridge.onFrame((f) => {
  let sum = 0;
  for (const s of f.samples) sum += (s / 32768) ** 2;
  if (10 * Math.log10(sum / f.samples.length + 1e-12) > -50) heardMs.set(f.speakerId ?? "?", (heardMs.get(f.speakerId ?? "?") ?? 0) + (f.samples.length / f.sampleRate) * 1000);
});
bridge.onTrack((t) => step(`remote audio ${t.ended ? "ended" : "started"}: ${t.speakerId} (${t.origin})`));

let ended: string | null = null;
const names = (ps: Participant[]) => ps.map((p) => `${p.name}${p.isSelf ? " (the bot)" : ""}`).join(", ");
let roster: Participant[] = [];
const onEvent = (e: PlatformEvent) => {
  if (e.type === "waiting_room") step(e.waitingFor === "host" ? "waiting for the host to start the meeting" : "in the waiting room: admit the bot");
  else if (e.type === "admitted") step("admitted");
  else if (e.type === "participants") step(`participants: ${names((roster = e.participants))}`);
  else if (e.type === "active_speaker") step(`speaking: ${roster.find((p) => p.id === e.participantId)?.name ?? (e.participantId ? e.participantId : "nobody")}`);
  else if (e.type === "ended") step(`the meeting dropped the bot: ${(ended = e.reason)}`);
};

const stop = new AbortController();
process.once("SIGINT", () => {
  step("interrupted: leaving");
  stop.abort();
});

const zoomApp = process.env.ZOOM_APP_KEY && process.env.ZOOM_APP_SECRET ? { key: process.env.ZOOM_APP_KEY, secret: process.env.ZOOM_APP_SECRET } : undefined;
if (link.platform === "zoom") step(zoomApp ? "Zoom through the Meeting SDK (ZOOM_APP_KEY)" : "Zoom through the web client");
step(`opening ${new URL(link.url).origin}${new URL(link.url).pathname} as "${args.name}"`);

async function keepArtifacts(why: string): Promise<void> {
  const captured = await captureFailure(page, `smoke-${Date.now()}`);
  step(captured.files.length ? `${why}; kept what the bot saw:\n${captured.files.map((f) => `           ${f}`).join("\n")}` : `${why}; the page was gone, nothing kept`);
}

// Every look's facts, printed when they change; every join phase, printed with a screenshot.
const shotsDir = path.resolve(".data/meeting-artifacts", `smoke-steps-${Date.now()}`);
let shots = 0;
async function screenshot(what: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${String(++shots).padStart(2, "0")}-${what.replace(/[^a-z0-9]+/gi, "-")}.png`);
  await page.screenshot({ path: file }).then(
    () => step(`screenshot: ${file}`),
    () => step(`screenshot of ${what} failed (the page is gone?)`),
  );
}
let lastFacts = "";
const observe = {
  probe(p: Probe) {
    const facts = `texts [${[...p.texts].join(", ")}] elements [${[...p.selectors].join(", ")}]`;
    if (facts === lastFacts) return;
    lastFacts = facts;
    step(`probe reads: ${facts} on ${new URL(p.url || "about:blank").host || "a blank page"}`);
  },
  joinState(s: JoinPhase) {
    const detail = s.kind === "prejoin" ? (s.step ?? "pre-join") : s.kind === "waiting" ? `for ${s.waitingFor}` : s.kind === "failed" ? `${s.reason}: ${s.detail}` : "";
    step(`join phase: ${s.kind}${detail ? ` (${detail})` : ""}`);
    void screenshot(`join-${s.kind}`);
  },
};

let ok = false;
try {
  const result = await adapter.join(page, { url: link.url, name: args.name, waitingRoomTimeoutMs: waitMinutes * 60_000, signal: stop.signal, onEvent, zoomApp, observe });
  if (result.kind === "failed") {
    await keepArtifacts(`could not join: ${result.reason}${result.detail ? ` (${result.detail})` : ""}`);
  } else {
    const session = result.session;
    await screenshot("admitted");
    if (adapter.microphoneWhileSpeakingOnly) {
      await session.setMicrophone(true);
      step("microphone on");
      await new Promise((r) => setTimeout(r, 300)); // the client's unmute takes effect before the first word
    }
    bridge.play(sentence.samples, sentence.sampleRate);
    step("speaking");
    const deadline = performance.now() + sentenceMs + 5_000;
    let played = 0;
    while (!ended && !stop.signal.aborted && performance.now() < deadline && (played = await bridge.sync()) < sentenceMs - 50) await new Promise((r) => setTimeout(r, 100));
    step(`spoke ${(played / 1000).toFixed(1)} s of ${(sentenceMs / 1000).toFixed(1)} s`);
    if (adapter.microphoneWhileSpeakingOnly && !ended) {
      await session.setMicrophone(false);
      step("microphone off");
    }
    const stayUntil = performance.now() + staySeconds * 1000;
    while (!ended && !stop.signal.aborted && performance.now() < stayUntil) await new Promise((r) => setTimeout(r, 200));
    const heard = [...heardMs].map(([id, ms]) => `${id}: ${(ms / 1000).toFixed(1)} s`);
    step(heard.length ? `heard voices: ${heard.join(", ")}` : "heard nobody speak (say something in the meeting to check listening)");
    if (ended) {
      if (ended === "connection_lost") await keepArtifacts("lost the meeting");
    } else {
      await session.leave();
      step("left the meeting");
    }
    ok = played >= sentenceMs - 50 && ended !== "connection_lost";
  }
} catch (err) {
  await keepArtifacts(`error: ${(err as Error).message}`);
} finally {
  await bridge.close().catch(() => {});
  await browser.close().catch(() => {});
}
step(ok ? "smoke test passed" : "smoke test failed");
process.exit(ok ? 0 : 1);
