import type { Logger } from "../../log.ts";
import type { End } from "./run-end.ts";
import type { RunParts } from "./run-parts.ts";
import type { TeardownStep } from "./teardown-steps.ts";

const GOODBYE: Record<string, string> = {
  en: "I'm sorry, the credit for this meeting has run out, so I have to leave now. Goodbye!",
  de: "Entschuldigung, das Guthaben für dieses Meeting ist aufgebraucht, deshalb muss ich jetzt gehen. Auf Wiedersehen!",
};

/** How long the goodbye may take before the bot leaves anyway. */
const GOODBYE_LIMIT_MS = 15_000;
/** How long stopping the voice session may take (the STT's last words, closing connections). */
const SESSION_STOP_LIMIT_MS = 5_000;
/** How long ending the tool servers' sessions may take. */
const TOOLS_CLOSE_LIMIT_MS = 3_000;
/** How long the recording's last chunk and sealing its part may take. */
const RECORDING_STOP_LIMIT_MS = 15_000;
/** How long reading the call's receive statistics from the page may take (a log line only). */
const CALL_AUDIO_LIMIT_MS = 2_000;
/** How long leaving through the client may take. */
const LEAVE_LIMIT_MS = 10_000;
/** How long closing the bridge, and then the browser context, may take. */
const CLOSE_LIMIT_MS = 10_000;

/**
 * The steps of leaving the call, in order, each bounded (lib/bots/run/teardown-steps.ts): the goodbye
 * when the credit ran out, the voice session and the tool servers, a last look at how the call's audio
 * reached the bot, leaving through the client, then the bridge and the browser context. Each closes
 * what the run opened, so a run that ended early skips what it never got to.
 */
export function leaveCallSteps(parts: RunParts, end: End, log: Logger): TeardownStep[] {
  const { session, tools, bridge, meetingSession, context, recording } = parts;
  return [
    {
      step: "goodbye",
      limitMs: GOODBYE_LIMIT_MS,
      run: async () => {
        if (end.kind !== "completed" || end.reason !== "out_of_credits" || !session) return;
        await session.say(GOODBYE[parts.voice?.language ?? "en"] ?? GOODBYE.en);
      },
    },
    { step: "session_stop", limitMs: SESSION_STOP_LIMIT_MS, run: async () => session?.stop() },
    { step: "recording_stop", limitMs: RECORDING_STOP_LIMIT_MS, run: async () => recording?.stop() },
    { step: "tools_close", limitMs: TOOLS_CLOSE_LIMIT_MS, run: async () => tools?.close() },
    {
      step: "call_audio",
      limitMs: CALL_AUDIO_LIMIT_MS,
      run: async () => {
        // How the people's voices reached the bot (its jitter buffer is part of every reply's latency).
        const stats = parts.admitted ? await bridge?.receiveStats() : null;
        if (stats) log("call_audio", { ...stats });
      },
    },
    { step: "leave", limitMs: LEAVE_LIMIT_MS, run: async () => meetingSession?.leave() },
    { step: "bridge_close", limitMs: CLOSE_LIMIT_MS, run: async () => bridge?.close() },
    { step: "context_close", limitMs: CLOSE_LIMIT_MS, run: async () => context?.close() },
  ];
}
