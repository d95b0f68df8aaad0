import type { Page } from "playwright-core";
import type { MeetingPlatform, MeetingStatus } from "../../generated/prisma/client.ts";
import type { ChatLine } from "../../voice/types.ts";
import type { Probe } from "./page-probe.ts";

// The contract every meeting platform implements (room, meet, teams, zoom). An adapter only drives
// the meeting's web client like a person would: open the link, give the agent's name, camera off,
// ask to join, and report what the client shows. Audio is the bridge's business (lib/bots/bridge),
// the same on every platform; the adapter only says which capture its client needs.

/** Why a bot could not get in. Each is a meeting statusReason (with status `failed`). */
export type JoinFailure =
  | "not_found" // the link leads nowhere (unknown or expired meeting)
  | "denied" // someone in the meeting refused the request to join
  | "waiting_room_timeout" // nobody let the bot in in time
  | "meeting_not_started" // the host never started the meeting while the bot waited
  | "meeting_full"
  | "passcode_required" // the meeting wants a passcode the link does not carry (or a wrong one)
  | "login_required"
  | "bot_sign_in_expired" // login_required although the bot carried its signed-in session (lib/bots/run/bot-session.ts)
  | "captcha"
  | "blocked" // the platform refuses bots or this browser
  | "zoom_app_rejected" // Zoom refused the agent's Meeting SDK app (key, secret, or app not allowed here)
  | "encryption_unsupported" // the call is end-to-end encrypted, which a guest in a browser cannot join (Teams)
  | "join_failed"; // the client did not react as expected (changed UI, network)

/** Why a bot that was in the meeting is out again (leave() aside). */
export type EndReason =
  | "removed" // someone removed the bot
  | "meeting_ended" // the host ended the meeting, or it closed
  | "alone" // (the run's leaving rules decide these now, lib/bots/run/leave-rules.ts; no adapter reports them)
  | "nobody_joined"
  | "connection_lost" // the client lost the meeting (network, the page crashed)
  | "encryption_unsupported"; // the call turned end-to-end encrypted (Teams' E2EE end screen)

export interface Participant {
  /** The platform's id for the participant, stable within the meeting. */
  id: string;
  name: string;
  isSelf: boolean;
  speaking: boolean;
  /**
   * The bridge's speakerIds (PcmFrame.speakerId) that carry this participant's voice. Where the
   * client only plays a mix (Teams) or rotating streams (Meet, Zoom), the active speaker carries the
   * ids of the remote audio the page plays and everyone else none, so the runtime's speaker names
   * follow whoever the client shows speaking.
   */
  speakerIds: string[];
}

/** What an adapter reports while joining and while in the meeting. */
export type PlatformEvent =
  /** Reported once: the bot waits to be let in, or for the host to start the meeting. */
  | { type: "waiting_room"; waitingFor: "admission" | "host" }
  | { type: "admitted" }
  | { type: "participants"; participants: Participant[] }
  | { type: "active_speaker"; participantId: string | null }
  /** Someone else wrote a line in the meeting's chat (chat-watch.ts). */
  | { type: "chat"; line: ChatLine }
  | { type: "ended"; reason: EndReason };

/** A join phase as the join loop read it (join-flow.ts' JoinState), for observers. */
export interface JoinPhase {
  kind: "loading" | "prejoin" | "waiting" | "admitted" | "failed";
  step?: string;
  waitingFor?: string;
  reason?: string;
  detail?: string;
}

export interface JoinOptions {
  /** The meeting link as stored on the meeting. */
  url: string;
  /** The agent's display name in the meeting. */
  name: string;
  /** How long to sit in a waiting room before giving up (waiting_room_timeout). */
  waitingRoomTimeoutMs: number;
  /** Aborting stops joining (a stop request); the adapter then leaves whatever it entered. */
  signal?: AbortSignal;
  /**
   * The agent's Zoom Meeting SDK app (Agent.zoomAppKey and the decrypted secret, see
   * zoomAppOf()): Zoom meetings are then joined through the Meeting SDK for Web with a signature
   * made here in Node; the secret never reaches the page. Other platforms ignore it.
   */
  zoomApp?: { key: string; secret: string };
  onEvent(event: PlatformEvent): void;
  /**
   * For an operator's live check (npm run bot:smoke): every look the adapter takes at the page
   * (the facts its probe read), and every change of the join phase as the adapter read it.
   */
  observe?: { probe?(probe: Probe): void; joinState?(state: JoinPhase): void };
}

/** The bot is in: what the runtime can do until the meeting ends for it. */
export interface MeetingSession {
  participants(): Promise<Participant[]>;
  /** Switches the bot's microphone in the client (for platforms that want it on only while speaking). */
  setMicrophone(on: boolean): Promise<void>;
  /** Leaves the meeting through the client's own control; resolves once out. */
  leave(): Promise<void>;
  /** Writes a line in the meeting's chat (opening the panel if need be); rejects when the client would not take it. */
  sendChat(text: string): Promise<void>;
}

/**
 * On failure the adapter leaves the page as it was, so the runtime can keep a screenshot and the
 * HTML of what the bot saw (captureFailure) before it closes the context.
 */
export type JoinResult =
  | { kind: "admitted"; session: MeetingSession }
  /** transient: the page failed to connect, so a new attempt may go otherwise (blocked always may). */
  | { kind: "failed"; reason: JoinFailure; detail?: string; transient?: boolean; rule?: WaitingRoomRule };

/** The agent's waiting-room limit ran out (its leaving rules): named on the timeline like the rules in the call. */
export interface WaitingRoomRule {
  rule: "waiting_room";
  limitSeconds: number;
}

export interface PlatformAdapter {
  readonly platform: MeetingPlatform;
  /**
   * True when the bot should unmute only while it speaks (a platform that shows an open microphone
   * to everyone, or one that mutes idle bots); false when an always-open microphone is fine.
   */
  readonly microphoneWhileSpeakingOnly: boolean;
  /**
   * What the audio bridge must tap on this client (createAudioBridge's `capture`): "peer" for
   * clients whose remote tracks are the voices, "element" where only the mix a media element plays
   * is the call's audio (other remote tracks would double it), "both" when either may carry it,
   * "main-audio" for the remote track of Teams' mainAudio stream (all tracks if none comes).
   */
  readonly bridgeCapture: "peer" | "element" | "both" | "main-audio";
  /**
   * Opens the link in `page` (which already carries the audio bridge) and joins. Resolves once the
   * bot is in the meeting or cannot get in; reports waiting_room/admitted and, once in, roster,
   * active speaker and the end through `onEvent`.
   */
  join(page: Page, opts: JoinOptions): Promise<JoinResult>;
}

/** A platform outcome as the meeting's status and statusReason (lib/meetings' transition table). */
export function meetingStatusFor(
  outcome: { type: "waiting_room"; waitingFor?: "admission" | "host" } | { type: "admitted" } | { type: "failed"; reason: JoinFailure } | { type: "ended"; reason: EndReason },
): { status: MeetingStatus; statusReason: string | null } {
  switch (outcome.type) {
    case "waiting_room":
      return { status: "waiting_room", statusReason: outcome.waitingFor === "host" ? "waiting_for_host" : null };
    case "admitted":
      return { status: "in_progress", statusReason: null };
    case "failed":
      return { status: "failed", statusReason: outcome.reason };
    case "ended":
      // Being removed or the meeting ending is a normal end of the bot's meeting; losing it is not.
      return outcome.reason === "connection_lost" || outcome.reason === "encryption_unsupported"
        ? { status: "failed", statusReason: outcome.reason }
        : { status: "completed", statusReason: outcome.reason };
  }
}
