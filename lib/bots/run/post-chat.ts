import { db } from "../../db/client.ts";
import { chatEntryOf } from "../../agents/chat-entry.ts";
import type { Agent } from "../../generated/prisma/client.ts";
import { saveTranscriptSegment } from "../../meetings/bot-runs.ts";
import { admissionChatLine } from "../recording-notice.ts";
import { within } from "../within.ts";
import { errorText } from "../../log.ts";
import type { RunScope } from "./run-scope.ts";

/** How long writing one chat line may take before the bot gives up on it. */
const CHAT_SEND_LIMIT_MS = 15_000;

/**
 * Writes a line in the meeting's chat through the client (docs/bots.md, "Chat"). A line the client
 * would not take is logged; the meeting goes on. Resolves whether it was sent.
 */
export async function postChat(run: RunScope, text: string): Promise<boolean> {
  const client = run.parts.meetingSession;
  if (!client || run.end.over) return false;
  try {
    const sent = await within(client.sendChat(text), CHAT_SEND_LIMIT_MS);
    if (!sent.done) throw new Error("timed out");
    run.log("chat_sent", { chars: text.length });
    return true;
  } catch (err) {
    run.log("chat_send_failed", { level: "warn", error: errorText(err) });
    return false;
  }
}

/**
 * On admission: the agent's entry line (unless switched off) with the recording notice when it
 * records, and it in the transcript when the agent keeps one.
 */
export async function postEntryLine(run: RunScope, agent: Agent): Promise<void> {
  const owner = await db.user.findUnique({ where: { id: run.ctx.meeting.userId }, select: { firstName: true, lastName: true } });
  const text = admissionChatLine(chatEntryOf(agent, [owner?.firstName, owner?.lastName].filter(Boolean).join(" ")), agent);
  if (!text) return;
  const at = performance.now();
  if (!(await postChat(run, text)) || !agent.transcript) return;
  const clockEpochMs = Date.now() - performance.now();
  run.save("transcript", () => saveTranscriptSegment(run.ref.meetingId, { speaker: agent.name, speakerId: null, isAgent: true, text, startMs: at, endMs: performance.now(), chat: true }, clockEpochMs));
}
