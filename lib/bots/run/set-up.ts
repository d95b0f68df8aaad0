import type { Page } from "playwright-core";
import type { Agent } from "../../generated/prisma/client.ts";
import { saveLiveState } from "../../meetings/bot-runs.ts";
import { agentVoiceConfig } from "../../voice/agent-voice-config.ts";
import { createVoiceSession } from "../../voice/pipeline/session.ts";
import type { VoiceSession } from "../../voice/types.ts";
import { openBotTools, type BotTools } from "../agent-tools.ts";
import { bridgeSlot, type BridgeSlot } from "../bridge/bridge-slot.ts";
import { createAudioBridge } from "../bridge/create-audio-bridge.ts";
import { newBotContext, openBotPage } from "../browser.ts";
import { liveStateTracker } from "../live-state-tracker.ts";
import { adapterFor } from "../platforms/adapter-for.ts";
import type { PlatformAdapter } from "../platforms/types.ts";
import { agentForRun } from "./agent-checks.ts";
import { botSessionFor, type RunBotSession } from "./bot-session.ts";
import { leaveLimits } from "./leave-limits.ts";
import { Microphone } from "./microphone.ts";
import { postChat } from "./post-chat.ts";
import type { RunScope } from "./run-scope.ts";
import { sessionEvents } from "./session-events.ts";

/** What the set-up opened, for the phases after it. */
export interface Opened {
  agent: Agent;
  adapter: PlatformAdapter;
  page: Page;
  /** The audio bridge, which a join retried in a fresh browser context moves to its new page. */
  bridge: BridgeSlot;
  tools: BotTools;
  session: VoiceSession;
  /** What the agent is doing, for the test room (reported from admission). */
  live: ReturnType<typeof liveStateTracker>;
  /** How long the bot waits to be let in (the agent's leaving rules). */
  waitingRoomMs: number;
  /** The signed-in bot's session the browser contexts carry, if the agent has one for this platform. */
  botSession: RunBotSession | null;
}

/**
 * Set up (docs/bots.md, "One bot" 1–2): the agent may go (agent-checks.ts), and everything it needs in
 * the call is open before it joins — a browser context and page for the platform's client, the audio
 * bridge, the tool servers and the voice session with every provider connection, so a key the
 * provider rejects fails here and not in front of people. Null when the agent may not go (the run's
 * end says why). Each part is kept in `run.parts` as it opens, for the teardown.
 */
export async function setUp(run: RunScope): Promise<Opened | null> {
  const { meeting } = run.ctx;
  const checked = await agentForRun(meeting);
  if ("refused" in checked) {
    run.end.end(checked.refused);
    return null;
  }
  const { agent } = checked;
  const { parts, save, log } = run;
  const { waitingRoomMs, ...limits } = leaveLimits(agent, meeting.platform, run.settings);
  run.rules.configure(limits);
  const voice = (parts.voice = agentVoiceConfig(agent));
  const adapter = adapterFor(meeting.platform as Parameters<typeof adapterFor>[0]);
  const live = liveStateTracker({ keepWords: agent.transcript, onChange: (state) => save("live_state", () => saveLiveState(run.ref, state)) });
  const microphone = adapter.microphoneWhileSpeakingOnly ? new Microphone({ log, client: () => parts.meetingSession }) : null;
  // At the end the microphone still opens for the goodbye, and no longer closes (the bot is leaving).
  if (microphone) run.end.atEnd(() => microphone.leaving());

  // A session that cannot be read (the encryption key changed) is not fatal: the bot goes as a guest.
  let botSession: RunBotSession | null = null;
  try {
    botSession = botSessionFor(agent, meeting.platform);
  } catch (err) {
    log("bot_session_unreadable", { level: "warn", error: (err as Error).message });
  }
  parts.context = await newBotContext(await run.browser(), { platform: meeting.platform, url: meeting.meetingUrl }, { session: botSession });
  const page = (parts.page = await openBotPage(parts.context));
  const bridge = (parts.bridge = bridgeSlot(await createAudioBridge(page, { capture: adapter.bridgeCapture, onError: (err) => log("bridge_error", { level: "warn", error: err.message }) })));
  // Tool servers connect before joining too; one that fails is noted on the timeline, not fatal.
  const leave = () => run.end.end({ kind: "completed", reason: "left_on_request" });
  const tools = (parts.tools = await openBotTools({ ref: run.ref, agent, ownerUserId: meeting.userId, platform: meeting.platform, save, log, leave }));
  const onEvent = sessionEvents({ ref: run.ref, voice, keepTranscript: agent.transcript, save, live, tools, microphone, heard: () => run.rules.heard(), postChat: (text) => void postChat(run, text), fail: (f) => run.end.end({ kind: "failed", ...f }), log });
  const session = (parts.session = createVoiceSession({ agent: voice, output: bridge, onEvent, tools: tools.tools, log }));
  await session.start();
  log("providers_ready");
  return { agent, adapter, page, bridge, tools, session, live, waitingRoomMs, botSession };
}
