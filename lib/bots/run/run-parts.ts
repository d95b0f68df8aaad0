import type { BrowserContext, Page } from "playwright-core";
import type { AgentVoiceConfig, VoiceSession } from "../../voice/types.ts";
import type { BotTools } from "../agent-tools.ts";
import type { AudioMixer } from "../audio-mixer.ts";
import type { AudioBridge } from "../bridge/create-audio-bridge.ts";
import type { MinuteBilling } from "../minute-billing.ts";
import type { MeetingSession } from "../platforms/types.ts";
import type { RecordingWriter } from "../recording-writer.ts";

/**
 * What a meeting run holds, filled in as its phases go: null until the phase that opens it, so the
 * teardown closes exactly what was opened, however far the run got.
 */
export interface RunParts {
  /** The agent's voice configuration (set up): its providers and language. */
  voice: AgentVoiceConfig | null;
  /** The bot's browser context and page (set up). */
  context: BrowserContext | null;
  page: Page | null;
  /** The in-page audio bridge: the call's voices in, the agent's voice out (set up). */
  bridge: AudioBridge | null;
  /** The agent's tools, their servers connected (set up). */
  tools: BotTools | null;
  /** The voice session, every provider connection open (set up). */
  session: VoiceSession | null;
  /** The call's voices into the session (join; passing audio from admission). */
  mixer: AudioMixer | null;
  /** The meeting client once the bot is in (join). */
  meetingSession: MeetingSession | null;
  /** This run's part of the meeting's recording, when the agent records (in call). */
  recording: RecordingWriter | null;
  /** One tick per started minute (in call). */
  billing: MinuteBilling | null;
  /** The admission is written: the bot is in the call (in call). */
  admitted: boolean;
  /** Manual activation as the last heartbeat told it (null before the first). */
  activated: boolean | null;
  /** How many other people the client last showed in the call (join: the roster). */
  othersInCall: number;
}

export function noParts(): RunParts {
  return {
    voice: null,
    context: null,
    page: null,
    bridge: null,
    tools: null,
    session: null,
    mixer: null,
    meetingSession: null,
    recording: null,
    billing: null,
    admitted: false,
    activated: null,
    othersInCall: 0,
  };
}
