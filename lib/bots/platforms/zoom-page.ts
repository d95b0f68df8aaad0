import type { Page } from "playwright-core";
import { parseMeetingUrl } from "../../meetings/meeting-url.ts";
import type { JoinState } from "./join-flow.ts";
import type { CallVerdict } from "./meeting-watch.ts";
import { saw, type Probe, type ProbeSpec } from "./page-probe.ts";
import type { Participant } from "./types.ts";

// What Zoom's web client (app.zoom.us/wc/<id>/join, and the Meeting SDK's Client View, which is the
// same interface) shows a guest, in English. Selectors and texts come from Vexa's zoom/selectors.ts
// and joinly's Zoom provider (docs/platforms.md) and are checked here against our fixture pages only.

export const ZOOM_SELECTORS = {
  cookieAccept: "#onetrust-accept-btn-handler",
  nameInput: "#input-for-name, #inputname",
  passcodeInput: '#input-for-pwd, #inputpasscode, input[type="password"]',
  previewMic: "#preview-audio-control-button",
  previewVideo: "#preview-video-control-button",
  joinButton: "button.preview-join-button, #joinBtn",
  /** The meeting's info panel, which can lie over Join and take its clicks (Vexa). */
  infoOverlay: ".preview-meeting-info",
  joinAudio: "button.join-audio-by-voip__join-btn",
  micOn: 'button[aria-label="mute my microphone"]',
  micOff: 'button[aria-label="unmute my microphone"]',
  participantsButton: 'button[aria-label^="open the participants list pane"]',
  participantsPane: ".participants-section-container",
  participant: ".participants-li",
  leave: 'button[aria-label="Leave"]',
  leaveConfirm: "button.leave-meeting-options__btn--danger",
} as const;

/** Dialog buttons: Zoom's own media prompt (Allow is what gets the call's audio), tips, cookies. */
export const ZOOM_DIALOG_BUTTONS = /^(Allow|Got it|OK|Close|Accept Cookies|Accept All Cookies)$/i;

export const ZOOM_SPEC: ProbeSpec = {
  texts: {
    notFound: ["This meeting ID is not valid", "Invalid meeting ID", "This meeting does not exist", "Meeting does not exist"],
    // Vexa: the web client says this while the host has not started the meeting, so it is waited out.
    linkInvalid: ["This meeting link is invalid"],
    waitingForHost: ["Waiting for the host to start this meeting", "Waiting for the host to start the meeting", "The meeting has not started"],
    lobby: ["Please wait, the meeting host will let you in soon", "Host has joined. We've let them know you're here", "We've let the host know you're here"],
    passcodeWrong: ["Passcode wrong", "Incorrect passcode", "Wrong passcode", "The passcode is incorrect", "Invalid passcode"],
    // Zoom's account setting against bots: its way out is RTMS, not a browser (Vexa #1289).
    botWall: ["automated bots aren't allowed", "must use Zoom RTMS", "detected you may be a bot"],
    // The last: Attendee's text for a host that admits only users signed in to commercial Zoom.
    signIn: [
      "Sign in to join this meeting",
      "Only authenticated users can join",
      "This meeting requires authentication",
      "Authentication is required",
      "requires authentication on the commercial Zoom platform",
    ],
    // Attendee retries it: a fresh attempt usually connects.
    networkTimeout: ["Your network connection has timed out", "network connection has timed out"],
    full: ["This meeting has reached the maximum number of participants", "The meeting is full", "reached its participant limit"],
    deniedFromLobby: ["removed you from the waiting room", "The host has removed you"],
    removed: ["You have been removed from this meeting", "You have been removed", "removed you from the meeting"],
    ended: ["This meeting has been ended by host", "This meeting has been ended by the host", "The meeting has ended", "This meeting has ended"],
    left: ["You have left the meeting", "You left the meeting"],
    launcher: ["Join from your browser"],
  },
  selectors: {
    nameInput: ZOOM_SELECTORS.nameInput,
    passcodeInput: ZOOM_SELECTORS.passcodeInput,
    joinButton: ZOOM_SELECTORS.joinButton,
    inCall: `.footer__leave-btn, ${ZOOM_SELECTORS.leave}, ${ZOOM_SELECTORS.micOn}, ${ZOOM_SELECTORS.micOff}, button[aria-label="join audio"]`,
    // The footer hides while the pointer rests (joinly, Vexa), so the call's own container counts
    // too: .meeting-app, which the waiting room shares (its texts are read first); while joining
    // only without a pre-join form on screen.
    callContainer: ".meeting-app",
    // A challenge to solve, not the invisible reCAPTCHA (size=invisible) a page may run anyway.
    captcha: 'iframe[src*="recaptcha"]:not([src*="size=invisible"])',
  },
};

/**
 * The join phase. `hasPasscode`: the link carries a passcode, so a passcode field is filled rather
 * than a dead end.
 */
export function zoomJoinState(p: Probe, hasPasscode: boolean): JoinState {
  if (saw(p, "botWall")) return { kind: "failed", reason: "blocked", detail: "this Zoom account does not let bots join through the browser (Zoom points them to RTMS)" };
  if (saw(p, "captcha")) return { kind: "failed", reason: "captcha", detail: "Zoom showed a reCAPTCHA" };
  if (saw(p, "signIn")) return { kind: "failed", reason: "login_required", detail: "the host only admits signed-in Zoom users" };
  if (saw(p, "notFound")) return { kind: "failed", reason: "not_found", detail: "Zoom does not know this meeting ID" };
  if (saw(p, "networkTimeout")) return { kind: "failed", reason: "join_failed", detail: "Zoom said the network connection timed out", transient: true };
  if (saw(p, "passcodeWrong")) return { kind: "failed", reason: "passcode_required", detail: "Zoom refused the link's passcode" };
  if (saw(p, "full")) return { kind: "failed", reason: "meeting_full", detail: "Zoom says the meeting is full" };
  if (saw(p, "deniedFromLobby", "removed")) return { kind: "failed", reason: "denied", detail: "the host removed the bot from the waiting room" };
  if (saw(p, "ended")) return { kind: "failed", reason: "not_found", detail: "the meeting has ended" };
  if (saw(p, "lobby")) return { kind: "waiting", waitingFor: "admission" };
  if (saw(p, "waitingForHost", "linkInvalid")) return { kind: "waiting", waitingFor: "host" };
  if (saw(p, "inCall")) return { kind: "admitted" };
  if (saw(p, "passcodeInput") && !hasPasscode) return { kind: "failed", reason: "passcode_required", detail: "Zoom asks for a passcode and the link has none" };
  if (saw(p, "nameInput", "joinButton")) return { kind: "prejoin", step: "prejoin" };
  if (saw(p, "launcher")) return { kind: "prejoin", step: "launcher" };
  if (saw(p, "callContainer")) return { kind: "admitted" };
  return { kind: "loading" };
}

export function zoomCallState(p: Probe): CallVerdict {
  if (saw(p, "removed")) return { kind: "out", reason: "removed" };
  if (saw(p, "ended")) return { kind: "out", reason: "meeting_ended" };
  if (saw(p, "left")) return { kind: "out", reason: "left" };
  // Put back into the waiting room: .meeting-app stays, but the bot is not in the call.
  if (saw(p, "lobby")) return { kind: "unknown" };
  if (saw(p, "inCall", "callContainer")) return { kind: "in" };
  return { kind: "unknown" };
}

/**
 * Where a Zoom link is joined in the browser: the web client's /wc/<id>/join with the link's
 * passcode (any zoom.us host serves every meeting; ZoomGov has its own), or, for a personal link
 * without a meeting ID, the link itself, whose page offers "Join from your browser".
 */
export function zoomWebClientUrl(meetingUrl: string): { url: string; meetingNumber: string | null; passcode: string | null } {
  const link = parseMeetingUrl(meetingUrl);
  if (!link || link.platform !== "zoom") throw new Error(`not a Zoom meeting link: ${meetingUrl}`);
  if (!link.meetingId) return { url: link.url, meetingNumber: null, passcode: link.passcode };
  const gov = new URL(link.url).hostname.endsWith("zoomgov.com");
  const url = new URL(`https://${gov ? "app.zoomgov.com" : "app.zoom.us"}/wc/${link.meetingId}/join`);
  if (link.passcode) url.searchParams.set("pwd", link.passcode);
  return { url: url.toString(), meetingNumber: link.meetingId, passcode: link.passcode };
}

/**
 * The participants pane (.participants-li, the name in .participants-item__display-name, "(Me)" on
 * the bot's own row) and the active speaker's name under the speaker view's main video, or under
 * the lit frame of the speaker bar while a screen is shared.
 */
export async function readZoomRoster(page: Page): Promise<Participant[]> {
  return page.evaluate((sel) => {
    // The speaker view's main video, or, while someone shares their screen, the lit frame of the speaker bar (Vexa, joinly).
    const speakerName =
      [".speaker-active-container__video-frame", ".speaker-bar-container__video-frame--active"]
        .map((frame) => document.querySelector(`${frame} .video-avatar__avatar-footer`)?.textContent?.trim())
        .find((name) => name) ?? null;
    const rows = [...document.querySelectorAll<HTMLElement>(sel)];
    return rows
      .map((row, i) => {
        const name = row.querySelector(".participants-item__display-name")?.textContent?.trim() ?? "";
        const isSelf = /\(Me\)/i.test(row.querySelector(".participants-item__name-label")?.textContent ?? "");
        return { id: row.id || `${i}:${name}`, name, isSelf, speaking: !isSelf && name !== "" && name === speakerName, speakerIds: [] as string[] };
      })
      .filter((p) => p.name);
  }, ZOOM_SELECTORS.participant);
}
