import type { Page } from "playwright-core";
import type { JoinState } from "./join-flow.ts";
import type { CallVerdict } from "./meeting-watch.ts";
import { saw, type Probe, type ProbeSpec } from "./page-probe.ts";
import type { Participant } from "./types.ts";

// What Microsoft Teams' web client shows an anonymous guest, in English. The data-tid selectors and
// texts come from Attendee (teams_ui_methods.py), Vexa (msteams/selectors.ts) and Meeting BaaS
// (docs/platforms.md says which is which) and are checked here against our fixture pages only.

export const TEAMS_SELECTORS = {
  /** The launcher's "Continue on this browser" (older links open the launcher first). */
  continueOnBrowser: '[data-tid="joinOnWeb"]',
  nameInput: '[data-tid="prejoin-display-name-input"], input[placeholder="Type your name"]',
  /** Pre-join switches: aria-checked (or checked) "true" means the device is on. */
  micToggle: '[data-tid="toggle-mute"]',
  videoToggle: '[data-tid="toggle-video"]',
  joinButton: '[data-tid="prejoin-join-button"], #prejoin-join-button',
  /** In the call: "Mute mic" while on, "Unmute mic" while muted. */
  micButton: "#microphone-button",
  hangup: '#hangup-button, [data-tid="hangup-main-btn"]',
  tile: '[data-cid="calling-participant-stream"]',
} as const;

/** The launcher's button names, when its data-tid is missing. */
export const TEAMS_CONTINUE_ON_BROWSER = /^(Continue on this browser|Join on the web instead|Use the web app instead)$/i;

/**
 * Dialog buttons a person clicks away: tips, cookie notices, "Got it" bubbles, and the modal Teams
 * shows before and after "Join now" when microphone and camera are off (Vexa #226, #283, #467),
 * which strands a bot that does not confirm it.
 */
export const TEAMS_DIALOG_BUTTONS = /^(Got it|Dismiss|Close|OK|Accept|Reject|Continue without audio or video)$/i;

/** The pre-join's audio choice the bot needs (Vexa forces it): without it, the call plays no one. */
export const TEAMS_COMPUTER_AUDIO = /^Computer audio/i;

/** Where Teams sends a guest it wants signed in (Vexa: teams_auth_redirect). */
const SIGN_IN_HOSTS = /^(login\.microsoftonline\.com|login\.live\.com|login\.microsoft\.com)$/i;

export const TEAMS_SPEC: ProbeSpec = {
  allFrames: true,
  texts: {
    notFound: ["Looks like the meeting URL is incorrect", "This meeting doesn't exist", "We couldn't find this meeting"],
    signIn: [
      "We need to verify your info before you can join",
      "To join, sign in or use Teams on the web",
      "You need to be signed in to Teams to access this meeting",
      "If you're not signed in to a Teams (work or school) account, sign in and try joining again",
      "Sign in to Teams to join, or contact the meeting organizer",
      "To join this Teams meeting, you need to be signed in to an account",
      "To join this meeting, sign in again or select another account",
      "Due to org policy, you need to sign in or use Teams on the web to join this meeting",
    ],
    notStartedForGuests: ["External participants are not permitted to join before the event begins"],
    captcha: ["Verify you're a real person"],
    denied: ["but you were denied access to the meeting", "Your request to join was declined", "You were denied entry"],
    couldNotConnect: ["we couldn't connect you"],
    full: ["This meeting is full", "The meeting has reached its capacity"],
    lobby: [
      "Someone will let you in soon",
      "Someone will let you in shortly",
      "Someone in the meeting should let you in soon",
      "Waiting for someone to let you in",
      "You're in the lobby",
      "Waiting to be admitted",
    ],
    waitingForHost: ["When the meeting starts, we'll let people know you're waiting"],
    // "Removed from the meeting" is the title of Teams' retry screen (#calling-retry-screen-title, Attendee).
    removed: ["You've been removed from this meeting", "You have been removed from this meeting", "Someone removed you from the meeting", "Removed from the meeting"],
    ended: ["The meeting has ended", "This meeting has ended", "The organizer ended the meeting", "Call ended"],
    left: ["You left the meeting", "You have left the meeting"],
    launcher: ["How do you want to join your Teams meeting", "How do you want to join this meeting"],
  },
  selectors: {
    continueOnBrowser: TEAMS_SELECTORS.continueOnBrowser,
    nameInput: TEAMS_SELECTORS.nameInput,
    joinButton: TEAMS_SELECTORS.joinButton,
    // Only in the call (Attendee waits for the "More" button; Vexa for hang-up).
    inCall: `#callingButtons-showMoreBtn, ${TEAMS_SELECTORS.hangup}`,
    // A Microsoft account sign-in form instead of the meeting.
    loginForm: 'input[name="loginfmt"]',
    // Teams' end screen for an end-to-end encrypted call, which a browser guest cannot take part in (Attendee).
    encrypted: '[data-tid="calling-e2ee-end-screen"]',
  },
};

/** Teams sent the bot to a Microsoft sign-in page (by its address, before the form renders). */
function onSignInPage(p: Probe): boolean {
  try {
    return SIGN_IN_HOSTS.test(new URL(p.url).hostname);
  } catch {
    return false;
  }
}

export function teamsJoinState(p: Probe): JoinState {
  if (onSignInPage(p)) return { kind: "failed", reason: "login_required", detail: "Teams sent the bot to the Microsoft sign-in page: this meeting does not admit guests" };
  if (saw(p, "encrypted")) return { kind: "failed", reason: "encryption_unsupported", detail: "Teams said the call is end-to-end encrypted, which a guest in a browser cannot join" };
  if (saw(p, "notFound")) return { kind: "failed", reason: "not_found", detail: "Teams says the meeting link is incorrect" };
  if (saw(p, "captcha")) return { kind: "failed", reason: "captcha", detail: "Teams asked to verify a real person" };
  if (saw(p, "signIn", "loginForm", "notStartedForGuests")) return { kind: "failed", reason: "login_required", detail: "Teams only lets signed-in users into this meeting now" };
  if (saw(p, "full")) return { kind: "failed", reason: "meeting_full", detail: "Teams says the meeting is full" };
  if (saw(p, "denied", "removed")) return { kind: "failed", reason: "denied", detail: "someone in the meeting declined the request to join" };
  if (saw(p, "couldNotConnect")) return { kind: "failed", reason: "join_failed", detail: "Teams said it couldn't connect the bot", transient: true };
  if (saw(p, "ended")) return { kind: "failed", reason: "not_found", detail: "the meeting has ended" };
  // Waiting texts before the call controls: the lobby screen keeps parts of the call chrome.
  if (saw(p, "lobby")) return { kind: "waiting", waitingFor: "admission" };
  if (saw(p, "waitingForHost")) return { kind: "waiting", waitingFor: "host" };
  if (saw(p, "inCall")) return { kind: "admitted" };
  if (saw(p, "nameInput", "joinButton")) return { kind: "prejoin", step: "prejoin" };
  if (saw(p, "continueOnBrowser", "launcher")) return { kind: "prejoin", step: "launcher" };
  return { kind: "loading" };
}

export function teamsCallState(p: Probe): CallVerdict {
  if (saw(p, "encrypted")) return { kind: "out", reason: "encryption_unsupported" };
  if (saw(p, "removed")) return { kind: "out", reason: "removed" };
  if (saw(p, "ended")) return { kind: "out", reason: "meeting_ended" };
  if (saw(p, "left")) return { kind: "out", reason: "left" };
  if (saw(p, "inCall")) return { kind: "in" };
  return { kind: "unknown" };
}

/**
 * The video tiles: today each is a [data-stream-type] element whose data-tid is the person's name,
 * inside a tile that carries [data-participant-id] (Vexa); older clients mark the tile
 * [data-cid="calling-participant-stream"] (Meeting BaaS 2025). The name comes from
 * [data-tid*="display-name"] when there is one, else that data-tid, else the tile's aria-label up to
 * its first comma. Speaking: the voice-level outline inside the tile carries vdi-frame-occlusion
 * (or data-is-speaking="true"). Screen shares are nobody. "(You)" marks the bot's own tile and is
 * dropped; "(Guest)" and "(Unverified)" stay part of the name: they say who the platform could not
 * vouch for. The bot's tile is also the one with its exact name.
 */
export async function readTeamsRoster(page: Page, selfName: string): Promise<Participant[]> {
  return page.evaluate(
    ({ legacy, selfName }) => {
      const seen = new Map<string, { id: string; name: string; isSelf: boolean; speaking: boolean; speakerIds: string[] }>();
      const current = [...document.querySelectorAll<HTMLElement>("[data-stream-type]")];
      const tiles = current.length > 0 ? current : [...document.querySelectorAll<HTMLElement>(legacy)];
      for (const tile of tiles) {
        if (tile.dataset.streamType === "ScreenSharing") continue;
        const holder = tile.closest<HTMLElement>("[data-participant-id]") ?? tile;
        const stableName = tile.dataset.tid && tile.dataset.tid !== "calling-participant-stream" ? tile.dataset.tid : null;
        const label = holder.querySelector('[data-tid*="display-name"]')?.textContent ?? stableName ?? tile.getAttribute("aria-label")?.split(",")[0] ?? "";
        const name = label.replace(/\s*\(You\)\s*$/i, "").trim();
        if (!name) continue;
        const id = holder.dataset.participantId || tile.dataset.participantId || tile.dataset.accElementId || tile.id || name;
        if (seen.has(id)) continue;
        const outline = holder.querySelector('[data-tid="voice-level-stream-outline"]');
        const speaking = outline !== null && (outline.classList.contains("vdi-frame-occlusion") || outline.getAttribute("data-is-speaking") === "true");
        seen.set(id, { id, name, isSelf: /\(You\)\s*$/i.test(label) || name === selfName, speaking, speakerIds: [] });
      }
      return [...seen.values()];
    },
    { legacy: TEAMS_SELECTORS.tile, selfName },
  );
}
