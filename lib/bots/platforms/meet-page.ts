import type { Page } from "playwright-core";
import type { JoinState } from "./join-flow.ts";
import type { CallVerdict } from "./meeting-watch.ts";
import { saw, type Probe, type ProbeSpec } from "./page-probe.ts";
import type { Participant } from "./types.ts";

// What Google Meet's web client shows, in English (the adapter opens links with ?hl=en). Texts and
// selectors come from the projects that join Meet today (docs/platforms.md: Attendee's
// google_meet_ui_methods.py, Vexa's googlemeet/selectors.ts and admission.ts) and are checked here
// against our fixture pages only; Meet changes them without notice, which is why failures keep a
// screenshot and the page's HTML.

export const MEET_SELECTORS = {
  nameInput: 'input[type="text"][aria-label="Your name"]',
  micOn: '[aria-label^="Turn off microphone"]',
  micOff: '[aria-label^="Turn on microphone"]',
  cameraOn: '[aria-label^="Turn off camera"]',
  leave: 'button[aria-label="Leave call"]',
  tile: "[data-participant-id]",
} as const;

/** The join button's names (Attendee's list). */
export const MEET_JOIN_BUTTON = /^(Ask to join|Ask to join anyway|Join now|Join the call now|Join anyway|Join here too)$/i;

/** Dialog buttons a person clicks away: tips, recording or Gemini-notes consent (joining means consenting), cookies. */
export const MEET_DIALOG_BUTTONS = /^(Got it|Dismiss|Close|OK|Join now|Continue|No thanks|Reject all)$/i;

export const MEET_SPEC: ProbeSpec = {
  texts: {
    notFound: [
      "Check your meeting code",
      "Invalid video call name",
      "Your meeting code has expired",
      "The meeting code you entered doesn't work",
      "This video call doesn't exist",
    ],
    // "You can't join this meeting": screenappai #46.
    blocked: ["You can't join this video call", "You can't join this meeting", "There is a problem connecting to this video call"],
    signIn: ["Sign in to join this call", "You need to sign in to join", "Only people signed in"],
    denied: ["denied your request to join", "Your request to join was denied", "You weren't allowed to join this call", "You can't join this call"],
    noResponse: ["No one responded to your request to join"],
    full: ["This call is full", "The call is full"],
    // Waiting texts beat every admission signal: Meet's lobby already has a "Leave call" button.
    lobby: [
      "Asking to be let in",
      "You'll join the call when someone lets you in",
      "Please wait until a meeting host brings you into the call",
      "Waiting for the host to let you in",
      // Meeting BaaS #198, #281: "…admits you to the call".
      "admits you to the call",
    ],
    waitingForHost: ["Waiting for the host to join", "The host hasn't joined yet"],
    removed: ["You've been removed from the meeting", "You have been removed from the meeting", "Someone removed you from the meeting"],
    ended: ["ended the meeting for everyone", "The call has ended", "This meeting has ended", "The meeting has ended"],
    left: ["You left the meeting", "You left the call"],
    // Offered after leaving, and on Meet's page for a refused request (Attendee reads it as denied).
    askAgain: ["Ask to join again"],
    joinButton: ["Ask to join", "Join now", "Join anyway", "Join here too"],
  },
  selectors: {
    nameInput: MEET_SELECTORS.nameInput,
    // Only in the call: captions and presenting (Attendee waits for the captions button).
    inCall: '[aria-label^="Turn on captions"], [aria-label^="Turn off captions"], [aria-label^="Present now"], [aria-label^="Share screen"]',
    // Those sit in the toolbar Meet hides while the pointer rests, so the tiles count too (Vexa):
    // the bot's own [data-self-name], or a participant tile with a name element (not the
    // "Backgrounds and effects" preview, a [data-participant-id] without one). While joining they
    // count only without a pre-join form on screen.
    tiles: "[data-self-name], [data-participant-id]:has(.notranslate)",
    // A reCAPTCHA a person would have to solve (Vexa: a visible frame). The invisible one that
    // runs on every join (size=invisible) is not a wall.
    captcha: 'iframe[src*="recaptcha"]:not([src*="size=invisible"])',
  },
};

/** The join phase as Meet shows it. Order matters: see the comments. */
export function meetJoinState(p: Probe): JoinState {
  // Pages that end the attempt before any lobby.
  if (saw(p, "blocked")) return { kind: "failed", reason: "blocked", detail: "Meet said: You can't join this video call" };
  if (saw(p, "notFound")) return { kind: "failed", reason: "not_found", detail: "Meet does not know this meeting code" };
  if (saw(p, "signIn")) return { kind: "failed", reason: "login_required", detail: "Meet asked the bot to sign in" };
  if (saw(p, "full")) return { kind: "failed", reason: "meeting_full", detail: "Meet said the call is full" };
  // Denials before lobby texts: Meet can leave lobby text on screen after a refusal (Vexa).
  if (saw(p, "denied", "removed")) return { kind: "failed", reason: "denied", detail: "someone in the call refused the request to join" };
  // "No one responded" offers "Ask to join again" too: it goes before the next line.
  if (saw(p, "noResponse")) return { kind: "failed", reason: "waiting_room_timeout", detail: "Meet said no one responded to the request to join" };
  // Out again while joining (the bot never leaves before admission): a refusal (Attendee).
  if (saw(p, "left", "askAgain")) return { kind: "failed", reason: "denied", detail: "Meet sent the bot out of the lobby (\"You left the meeting\")" };
  if (saw(p, "ended")) return { kind: "failed", reason: "not_found", detail: "the meeting has ended" };
  if (saw(p, "lobby")) return { kind: "waiting", waitingFor: "admission" };
  if (saw(p, "waitingForHost")) return { kind: "waiting", waitingFor: "host" };
  if (saw(p, "inCall")) return { kind: "admitted" };
  // A visible reCAPTCHA frame only after every explicit text and the lobby: Meet shows one on
  // joins that are not challenged, and a denial must win over it (Vexa #840).
  if (saw(p, "captcha")) return { kind: "failed", reason: "captcha", detail: "Meet showed a reCAPTCHA" };
  if (saw(p, "joinButton", "nameInput")) return { kind: "prejoin" };
  if (saw(p, "tiles")) return { kind: "admitted" };
  return { kind: "loading" };
}

/** In the call: out (and why), in, or unknown. */
export function meetCallState(p: Probe): CallVerdict {
  if (saw(p, "removed")) return { kind: "out", reason: "removed" };
  if (saw(p, "ended")) return { kind: "out", reason: "meeting_ended" };
  if (saw(p, "left")) return { kind: "out", reason: "left" };
  if (saw(p, "inCall", "tiles")) return { kind: "in" };
  return { kind: "unknown" };
}

/** Meet's own tile for the background and effects preview: a [data-participant-id] that is nobody. */
const NOT_A_PERSON = /^backgrounds and effects$/i;

/**
 * The participant tiles: [data-participant-id] (deduplicated: Meet nests elements with the same
 * id), the name in its span.notranslate, the bot's own tile marked by [data-self-name], speaking
 * by a non-zero [data-audio-level] or one of the classes Meet animates (Vexa's list). Tiles
 * without a name and the "Backgrounds and effects" tile are no one (else `alone` never fires).
 */
export async function readMeetRoster(page: Page): Promise<Participant[]> {
  const tiles = await page.evaluate((sel) => {
    const speakingClasses = ["Oaajhc", "HX2H7", "wEsLMd", "OgVli"];
    const seen = new Map<string, { id: string; name: string; isSelf: boolean; speaking: boolean; speakerIds: string[] }>();
    for (const tile of document.querySelectorAll<HTMLElement>(sel)) {
      const id = tile.dataset.participantId ?? "";
      if (!id || seen.has(id)) continue;
      const name = (tile.querySelector(".notranslate")?.textContent ?? tile.querySelector("[data-self-name]")?.getAttribute("data-self-name") ?? "").trim();
      const levels = [...tile.querySelectorAll("[data-audio-level]")].map((el) => el.getAttribute("data-audio-level"));
      const speaking = levels.some((l) => l !== null && l !== "0") || speakingClasses.some((c) => tile.querySelector(`.${c}`) || tile.classList.contains(c));
      seen.set(id, { id, name, isSelf: tile.querySelector("[data-self-name]") !== null, speaking, speakerIds: [] });
    }
    return [...seen.values()];
  }, MEET_SELECTORS.tile);
  return tiles.filter((t) => t.name !== "" && !NOT_A_PERSON.test(t.name));
}

/**
 * Keeps the bot's own tile the bot's: Meet's [data-self-name] comes and goes (Vexa keeps a sticky
 * self name), so a tile once marked as the bot's stays so. `selfIds` is the caller's memory.
 */
export function stickySelf(participants: Participant[], selfIds: Set<string>): Participant[] {
  for (const p of participants) if (p.isSelf) selfIds.add(p.id);
  return participants.map((p) => (selfIds.has(p.id) && !p.isSelf ? { ...p, isSelf: true } : p));
}
