import fs from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { findChromium } from "../lib/browser/chromium";
import { BOT_CHROMIUM_FLAGS, BOT_CONTEXT_OPTIONS } from "../lib/bots/browser";
import { createAudioBridge, type AudioBridge } from "../lib/bots/bridge/create-audio-bridge";
import { roomAdapter } from "../lib/bots/platforms/room";
import type { MeetingSession, Participant, PlatformEvent } from "../lib/bots/platforms/types";
import type { PcmFrame } from "../lib/voice/types";
import { test, expect, sql } from "./fixtures";
import { launchPerson, SPEECH_WAV } from "./support/media";
import { level, peakLevel } from "./support/room-audio";
import { E2E } from "./support/ports";

// A bot in the test room for real: its own Chromium with the audio bridge, joined by the room
// adapter (name, Join) next to a person whose fake microphone plays speech. The bot's Node side
// hears the person as PCM; what Node plays reaches the person's page; clear() stops it.

function wavSamples(file: string): Int16Array {
  const bytes = fs.readFileSync(file);
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength));
}

function dbfs(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return sum === 0 ? -120 : 10 * Math.log10(sum / samples.length);
}

let botBrowser: Browser;
let personBrowser: Browser;

test.beforeAll(async () => {
  botBrowser = await chromium.launch({ executablePath: findChromium().path, args: BOT_CHROMIUM_FLAGS });
  personBrowser = await launchPerson({ wav: SPEECH_WAV });
});

test.afterAll(async () => {
  await botBrowser?.close();
  await personBrowser?.close();
});

/** A bot joins the room (an empty room is the run's leaving rules', e2e/leaving-rules.spec.ts). */
async function botJoins(url: string) {
  const context = await botBrowser.newContext(BOT_CONTEXT_OPTIONS);
  const bridge = await createAudioBridge(context);
  const frames: PcmFrame[] = [];
  bridge.onFrame((f) => frames.push(f));
  const events: PlatformEvent[] = [];
  const page = await context.newPage();
  const result = await roomAdapter.join(page, { url, name: "Cohost", waitingRoomTimeoutMs: 60_000, onEvent: (e) => events.push(e) });
  return { context, bridge, frames, events, page, result };
}

/** Ada (whose microphone plays speech) joins the room in the person's browser. */
async function adaJoins(url: string) {
  const personContext = await personBrowser.newContext({ baseURL: E2E.appUrl });
  await personContext.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  const person = await personContext.newPage();
  await person.goto(url);
  await person.getByLabel("Your name").fill("Ada");
  await person.getByRole("button", { name: "Join" }).click();
  return { personContext, person };
}

const lastRoster = (events: PlatformEvent[]): Participant[] =>
  (events.filter((e) => e.type === "participants").at(-1) as { participants: Participant[] } | undefined)?.participants ?? [];

test("the bot hears the person as PCM, speaks into the room, and clear() stops it", async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  const room = (await (await page.request.post("/api/rooms")).json()) as { id: string; url: string };

  const { personContext, person } = await adaJoins(room.url);

  const bot = await botJoins(room.url);
  const bridge: AudioBridge = bot.bridge;
  let session: MeetingSession | undefined;
  try {
    expect(bot.result.kind, JSON.stringify(bot.result)).toBe("admitted");
    if (bot.result.kind !== "admitted") return;
    session = bot.result.session;
    expect(bot.events[0]).toEqual({ type: "admitted" });

    // The roster, with the speaker id that Ada's audio carries in the bridge.
    await expect.poll(() => lastRoster(bot.events).find((p) => p.name === "Ada")?.speakerIds.length ?? 0, { timeout: 15_000 }).toBe(1);
    const roster = lastRoster(bot.events);
    expect(roster.map((p) => [p.name, p.isSelf]).sort()).toEqual([["Ada", false], ["Cohost", true]]);
    const ada = roster.find((p) => p.name === "Ada")!;
    expect((await session.participants()).map((p) => p.name).sort()).toEqual(["Ada", "Cohost"]);

    // Ada's speech (2.5 s of syllables in every 4 s of the fixture) arrives as 16 kHz PCM tagged
    // with her speaker id: eight seconds of it, about half of it voiced, at speech level.
    await expect.poll(() => bot.frames.filter((f) => f.speakerId === ada.speakerIds[0]).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const first = bot.frames.find((f) => f.speakerId === ada.speakerIds[0])!;
    await expect.poll(() => (bot.frames.at(-1)?.timeMs ?? 0) - first.timeMs, { timeout: 20_000 }).toBeGreaterThan(8_000);
    const window = bot.frames.filter((f) => f.speakerId === ada.speakerIds[0] && f.timeMs >= first.timeMs && f.timeMs < first.timeMs + 8_000);
    expect(window.every((f) => f.sampleRate === 16_000 && f.samples.length === 320)).toBe(true);
    const voiced = window.filter((f) => dbfs(f.samples) > -45);
    const wav = wavSamples(SPEECH_WAV);
    const wavFrames = Array.from({ length: wav.length / 320 }, (_, i) => wav.subarray(i * 320, (i + 1) * 320));
    const wavVoicedShare = wavFrames.filter((f) => dbfs(f) > -45).length / wavFrames.length;
    expect(voiced.length / 400).toBeGreaterThan(wavVoicedShare - 0.15);
    expect(voiced.length / 400).toBeLessThan(wavVoicedShare + 0.15);
    const median = voiced.map((f) => dbfs(f.samples)).sort((a, b) => a - b)[voiced.length >> 1];
    expect(median).toBeGreaterThan(-40);
    expect(median).toBeLessThan(-3);

    // The bot speaks: Ada's page hears it and shows the bot speaking.
    const roomList = person.getByRole("list", { name: "In the room" });
    for (let i = 0; i < 3; i++) bridge.play(wav, 16_000);
    await expect(roomList.getByRole("listitem").filter({ hasText: "Cohost" })).toContainText("Speaking", { timeout: 10_000 });
    expect(await peakLevel(person, "Cohost", 2_000)).toBeGreaterThan(40);
    expect(bridge.playedMs()).toBeGreaterThan(0);

    // Barge-in: cleared, the bot falls silent on Ada's page and stays silent.
    bridge.clear();
    const played = await bridge.sync();
    expect(played).toBeLessThan(3 * 4_000);
    await expect.poll(() => level(person, "Cohost"), { timeout: 3_000 }).toBeLessThan(10);
    // Silent for good: seconds of the queued audio were left, and none of it follows. (What was
    // already in flight on a loaded machine may still trickle out of WebRTC's jitter buffer first.)
    await person.waitForTimeout(2_000);
    expect(await peakLevel(person, "Cohost", 2_000)).toBeLessThan(10);
    expect(await bridge.sync()).toBe(played);

    // Ada leaves: the adapter's roster follows.
    await person.getByRole("button", { name: "Leave" }).click();
    await expect.poll(() => lastRoster(bot.events).map((p) => p.name), { timeout: 10_000 }).toEqual(["Cohost"]);

    // The bot leaves through the room's own Leave button.
    await session.leave();
    await expect(bot.page.getByText("You left the room.")).toBeVisible();
    expect(bot.events.some((e) => e.type === "ended")).toBe(false);
  } finally {
    await bridge.close();
    await bot.context.close();
    await personContext.close();
  }
});

test("the room adapter reports an unknown room, and a room that closes under the bot", async ({ signedIn: page }) => {
  const missing = await botJoins(`${E2E.appUrl}/rooms/AAAAAAAAAAAAAAAAAAAAAA`);
  expect(missing.result).toEqual({ kind: "failed", reason: "not_found", detail: `${E2E.appUrl}/rooms/AAAAAAAAAAAAAAAAAAAAAA is not an open room` });
  await missing.context.close();

  const room = (await (await page.request.post("/api/rooms")).json()) as { id: string; url: string };
  const bot = await botJoins(room.url);
  try {
    expect(bot.result.kind, JSON.stringify(bot.result)).toBe("admitted");
    await sql(`UPDATE "Room" SET "expiresAt" = now() WHERE id = $1`, [room.id]);
    await expect.poll(() => bot.events.find((e) => e.type === "ended"), { timeout: 15_000 }).toEqual({ type: "ended", reason: "meeting_ended" });
  } finally {
    await bot.context.close();
  }
});
