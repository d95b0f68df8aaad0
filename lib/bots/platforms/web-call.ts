import type { Page } from "playwright-core";
import { withoutQuery } from "./join-flow.ts";
import { watchChat, type ChatItem } from "./chat-watch.ts";
import { watchMeeting, type CallState } from "./meeting-watch.ts";
import { setMicrophoneState, type MicrophoneControl } from "./page-actions.ts";
import type { JoinOptions, JoinResult, MeetingSession } from "./types.ts";

// The parts of a web client adapter that do not depend on the platform: opening the link, and the
// session once admitted (report it, microphone off until the agent speaks, watch the call, leave).

/** Opens the meeting's page; a failure to load it is the join's failure. */
export async function openLink(page: Page, url: string): Promise<Extract<JoinResult, { kind: "failed" }> | null> {
  try {
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return null;
  } catch (err) {
    // Playwright's message names the full address; links keep passcodes in their query.
    const why = (err as Error).message.split("\n")[0].replace(/ at https?:\/\/\S+/, "");
    return { kind: "failed", reason: "join_failed", detail: `could not open ${withoutQuery(url)}: ${why}`, transient: true };
  }
}

export interface CallDriver {
  /** The call as the page shows it now. */
  read(): Promise<CallState>;
  /** Runs before every look: dialogs, audio, panels the reading needs. */
  tick(): Promise<void>;
  microphone: MicrophoneControl;
  /** Leaves through the client's own controls and waits until out. */
  leave(): Promise<void>;
  /** The client's chat panel (docs/platforms.md, "Chat"): its lines, and writing one. */
  chat?: { read(): Promise<ChatItem[]>; send(text: string): Promise<void> };
}

/** The bot was admitted: the session the runtime drives (or, if a stop came meanwhile, out again). */
export async function enterCall(page: Page, opts: JoinOptions, call: CallDriver): Promise<JoinResult> {
  if (opts.signal?.aborted) {
    await call.leave();
    return { kind: "failed", reason: "join_failed", detail: "stopped while joining" };
  }
  opts.onEvent({ type: "admitted" });
  await call.tick().catch(() => {});
  // Whatever happened on the way in (Meet's lobby mute, a client default): off until the agent speaks.
  await setMicrophoneState(page, call.microphone, false).catch(() => {});
  const watcher = watchMeeting(page, call.read, opts.onEvent, { tick: call.tick });
  const chat = call.chat ? watchChat(call.chat.read, opts.onEvent, { skipFirst: false }) : null;
  const session: MeetingSession = {
    async participants() {
      const state = await call.read();
      return state.kind === "in" ? state.participants : [];
    },
    setMicrophone: (on) => setMicrophoneState(page, call.microphone, on),
    sendChat: (text) => (call.chat ? call.chat.send(text) : Promise.reject(new Error("this client's chat is not supported"))),
    async leave() {
      watcher.stop();
      chat?.stop();
      if (!page.isClosed()) await call.leave();
    },
  };
  return { kind: "admitted", session };
}
