import type { Page } from "playwright-core";
import type { MeetingPlatform, MeetingStatus } from "../../generated/prisma/client.ts";

// The contract every meeting platform implements (room now; meet, teams, zoom later). An adapter
// only drives the meeting's web client like a person would: open the link, give the agent's name,
// camera off, ask to join, and report what the client shows. Audio is the bridge's business
// (lib/bots/bridge), the same on every platform.

/** Why a bot could not get in. Each is a meeting statusReason (with status `failed`). */
export type JoinFailure =
  | "not_found" // the link leads nowhere (unknown or expired meeting)
  | "denied" // someone in the meeting refused the request to join
  | "waiting_room_timeout" // nobody let the bot in in time
  | "meeting_full"
  | "login_required"
  | "captcha"
  | "blocked" // the platform refuses bots or this browser
  | "join_failed"; // the client did not react as expected (changed UI, network)

/** Why a bot that was in the meeting is out again (leave() aside). */
export type EndReason =
  | "removed" // someone removed the bot
  | "meeting_ended" // the host ended the meeting, or it closed
  | "connection_lost"; // the client lost the meeting (network, the page crashed)

export interface Participant {
  /** The platform's id for the participant, stable within the meeting. */
  id: string;
  name: string;
  isSelf: boolean;
  speaking: boolean;
  /** The bridge's speakerIds (PcmFrame.speakerId) that carry this participant's voice. */
  speakerIds: string[];
}

/** What an adapter reports while joining and while in the meeting. */
export type PlatformEvent =
  | { type: "waiting_room" }
  | { type: "admitted" }
  | { type: "participants"; participants: Participant[] }
  | { type: "active_speaker"; participantId: string | null }
  | { type: "ended"; reason: EndReason };

export interface JoinOptions {
  /** The meeting link as stored on the meeting. */
  url: string;
  /** The agent's display name in the meeting. */
  name: string;
  /** How long to sit in a waiting room before giving up (waiting_room_timeout). */
  waitingRoomTimeoutMs: number;
  /** Aborting stops joining (a stop request); the adapter then leaves whatever it entered. */
  signal?: AbortSignal;
  onEvent(event: PlatformEvent): void;
}

/** The bot is in: what the runtime can do until the meeting ends for it. */
export interface MeetingSession {
  participants(): Promise<Participant[]>;
  /** Switches the bot's microphone in the client (for platforms that want it on only while speaking). */
  setMicrophone(on: boolean): Promise<void>;
  /** Leaves the meeting through the client's own control; resolves once out. */
  leave(): Promise<void>;
}

export type JoinResult = { kind: "admitted"; session: MeetingSession } | { kind: "failed"; reason: JoinFailure; detail?: string };

export interface PlatformAdapter {
  readonly platform: MeetingPlatform;
  /**
   * True when the bot should unmute only while it speaks (a platform that shows an open microphone
   * to everyone, or one that mutes idle bots); false when an always-open microphone is fine.
   */
  readonly microphoneWhileSpeakingOnly: boolean;
  /**
   * Opens the link in `page` (which already carries the audio bridge) and joins. Resolves once the
   * bot is in the meeting or cannot get in; reports waiting_room/admitted and, once in, roster,
   * active speaker and the end through `onEvent`.
   */
  join(page: Page, opts: JoinOptions): Promise<JoinResult>;
}

/** A platform outcome as the meeting's status and statusReason (lib/meetings' transition table). */
export function meetingStatusFor(
  outcome: { type: "waiting_room" } | { type: "admitted" } | { type: "failed"; reason: JoinFailure } | { type: "ended"; reason: EndReason },
): { status: MeetingStatus; statusReason: string | null } {
  switch (outcome.type) {
    case "waiting_room":
      return { status: "waiting_room", statusReason: null };
    case "admitted":
      return { status: "in_progress", statusReason: null };
    case "failed":
      return { status: "failed", statusReason: outcome.reason };
    case "ended":
      // Being removed or the meeting ending is a normal end of the bot's meeting; losing it is not.
      return outcome.reason === "connection_lost"
        ? { status: "failed", statusReason: "connection_lost" }
        : { status: "completed", statusReason: outcome.reason };
  }
}
