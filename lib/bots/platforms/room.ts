import type { Page } from "playwright-core";
import { watchChat } from "./chat-watch.ts";
import { readRoomChat, sendRoomChat } from "./room-chat.ts";
import type { EndReason, JoinFailure, JoinOptions, JoinResult, MeetingSession, Participant, PlatformAdapter } from "./types.ts";

// Cohost's own test room (/rooms/{id}), driven like a person: fill "Your name", press "Join", read
// the roster and the room's notices. The room has no waiting room and no camera.

const JOIN_TIMEOUT_MS = 30_000;
const WATCH_INTERVAL_MS = 500;

// The room page's English wording (messages/en/rooms.json); the adapter opens it with ?lng=en
// (and ?view=agent: no meters or playback in a page nobody looks at or listens to).
const TEXT = {
  name: "Your name",
  join: "Join",
  leave: "Leave",
  mute: "Mute",
  unmute: "Unmute",
  notFound: "This room does not exist",
  full: "This room is full",
  left: "You left the room.",
  closed: "This room has closed.",
  lost: "The connection to the room was lost.",
};

type RoomState = { kind: "in"; participants: Participant[] } | { kind: "out"; reason: EndReason | "left" };

/** Reads the room page: who is in (with the speaker ids of their audio) or why we are out. */
async function readRoom(page: Page): Promise<RoomState> {
  return page.evaluate((text) => {
    const status = [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent ?? "").join("\n");
    if (status.includes(text.left)) return { kind: "out", reason: "left" } as const;
    if (status.includes(text.closed)) return { kind: "out", reason: "meeting_ended" } as const;
    if (status.includes(text.lost)) return { kind: "out", reason: "connection_lost" } as const;
    const speakerIds = new Map<string, string[]>();
    for (const audio of document.querySelectorAll<HTMLAudioElement>("audio[data-participant-id]")) {
      const stream = audio.srcObject;
      if (stream instanceof MediaStream) speakerIds.set(audio.dataset.participantId ?? "", [stream.id]);
    }
    const participants = [...document.querySelectorAll<HTMLElement>("li[data-participant-id]")].map((li) => ({
      id: li.dataset.participantId ?? "",
      name: li.querySelector("[data-participant-name]")?.textContent ?? "",
      isSelf: li.dataset.self !== undefined,
      // The agent's view has no meters, so the room never says who speaks: the bridge's voices do.
      speaking: false,
      speakerIds: speakerIds.get(li.dataset.participantId ?? "") ?? [],
    }));
    return { kind: "in", participants } as const;
  }, TEXT);
}

/** Outcome of pressing Join: in, or the page's own message saying why not. */
async function awaitJoin(page: Page, signal?: AbortSignal): Promise<{ in: true } | { in: false; reason: JoinFailure; detail: string }> {
  const leave = page.getByRole("button", { name: TEXT.leave, exact: true });
  // The page's own notices (Next.js keeps an empty route announcer with role=alert outside <main>).
  const alert = page.getByRole("main").getByRole("alert");
  const deadline = Date.now() + JOIN_TIMEOUT_MS;
  while (Date.now() < deadline && !signal?.aborted) {
    if (await leave.isVisible()) return { in: true };
    const messages = await alert.allInnerTexts();
    const message = messages.find((m) => m.trim());
    if (message) {
      const reason: JoinFailure = message.includes(TEXT.full) ? "meeting_full" : message.includes(TEXT.notFound) ? "not_found" : "join_failed";
      return { in: false, reason, detail: message.trim() };
    }
    await page.waitForTimeout(100);
  }
  return { in: false, reason: "join_failed", detail: signal?.aborted ? "stopped while joining" : "the room did not let the bot in within 30 s" };
}

/**
 * In the room: the roster as it changes, and the end: the room closing or the page losing the room.
 * (An empty room is the run's leaving rules' business, lib/bots/run/leave-rules.ts, with the room's
 * short limits.)
 */
function watch(page: Page, opts: JoinOptions): { stop(): void } {
  let stopped = false;
  let lastRoster = "";
  const end = (reason: EndReason) => {
    if (stopped) return;
    stopped = true;
    opts.onEvent({ type: "ended", reason });
  };
  const onClose = () => end("connection_lost");
  page.once("close", onClose);
  page.once("crash", onClose);
  void (async () => {
    while (!stopped) {
      try {
        const state = await readRoom(page);
        if (stopped) break;
        if (state.kind === "out") {
          if (state.reason !== "left") end(state.reason);
          break;
        }
        const roster = JSON.stringify(state.participants);
        if (roster !== lastRoster) {
          lastRoster = roster;
          opts.onEvent({ type: "participants", participants: state.participants });
        }
      } catch {
        if (page.isClosed()) break; // the close handler reports it
      }
      await new Promise((r) => setTimeout(r, WATCH_INTERVAL_MS));
    }
  })();
  return {
    stop() {
      stopped = true;
      page.off("close", onClose);
      page.off("crash", onClose);
    },
  };
}

export const roomAdapter: PlatformAdapter = {
  platform: "room",
  microphoneWhileSpeakingOnly: false,
  bridgeCapture: "peer",

  async join(page: Page, opts: JoinOptions): Promise<JoinResult> {
    const url = new URL(opts.url);
    url.searchParams.set("lng", "en");
    // The agent's own view: the same room without audio meters or voices played out (nobody would see
    // or hear them; the bridge reads the voices from the call).
    url.searchParams.set("view", "agent");
    const response = await page.goto(url.toString(), { waitUntil: "domcontentloaded" });
    if (response?.status() === 404 || (await page.getByRole("heading", { name: TEXT.notFound }).count()) > 0) {
      return { kind: "failed", reason: "not_found", detail: `${opts.url} is not an open room` };
    }
    if (!response?.ok()) return { kind: "failed", reason: "join_failed", detail: `the room page answered ${response?.status() ?? "nothing"}` };

    await page.getByLabel(TEXT.name, { exact: true }).fill(opts.name);
    await page.getByRole("button", { name: TEXT.join, exact: true }).click();
    const joined = await awaitJoin(page, opts.signal);
    if (!joined.in) return { kind: "failed", reason: joined.reason, detail: joined.detail };

    // A stop request that came while joining: out again at once.
    if (opts.signal?.aborted) {
      await page.getByRole("button", { name: TEXT.leave, exact: true }).click();
      return { kind: "failed", reason: "join_failed", detail: "stopped while joining" };
    }
    opts.onEvent({ type: "admitted" });
    const watcher = watch(page, opts);
    const chat = watchChat(() => readRoomChat(page), opts.onEvent, { skipFirst: true });

    const session: MeetingSession = {
      async participants() {
        const state = await readRoom(page);
        return state.kind === "in" ? state.participants : [];
      },
      async setMicrophone(on) {
        const button = page.getByRole("button", { name: on ? TEXT.unmute : TEXT.mute, exact: true });
        if (await button.isVisible()) await button.click();
      },
      sendChat: (text) => sendRoomChat(page, text),
      async leave() {
        watcher.stop();
        chat.stop();
        if (page.isClosed()) return;
        const leave = page.getByRole("button", { name: TEXT.leave, exact: true });
        if (await leave.isVisible()) await leave.click();
        await page.getByText(TEXT.left).waitFor({ timeout: 5_000 }).catch(() => {});
      },
    };
    return { kind: "admitted", session };
  },
};
