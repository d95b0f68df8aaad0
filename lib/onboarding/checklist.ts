import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";

// The dashboard's first-run checklist (issue 18): the path from sign-up to an agent in real
// meetings. Every step ticks itself from what the account really holds; nothing is ticked by hand.

// Top-up comes before the test room: the room is billed like any meeting, so at $0 it refuses
// (issue 31).
export const CHECKLIST_STEPS = ["keys", "keyTested", "topUp", "testRoom", "calendar"] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

export const checklistResponse = z
  .object({
    steps: z.array(z.object({ id: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
    visible: z.boolean().meta({ description: "Shown until every step is done or the user dismissed it" }),
  })
  .meta({ id: "Checklist", description: "The dashboard's first-run checklist; every step ticks itself from the account's data" });
export type Checklist = Sent<typeof checklistResponse>;

export async function getChecklist(userId: string): Promise<Checklist> {
  const [user, agentWithKeys, roomMeeting, topUp, calendar] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { keyTestedAt: true, checklistDismissedAt: true } }),
    db.agent.findFirst({ where: { userId, sttApiKeyHint: { not: null }, aiApiKeyHint: { not: null }, ttsApiKeyHint: { not: null } }, select: { id: true } }),
    // The agent made it into a test room: the meeting started (admitted), whatever came after.
    db.meeting.findFirst({ where: { userId, platform: "room", startedAt: { not: null } }, select: { id: true } }),
    db.topUp.findFirst({ where: { userId, status: { in: ["completed", "refunded"] } }, select: { id: true } }),
    db.calendar.findFirst({ where: { userId }, select: { id: true } }),
  ]);
  const done: Record<ChecklistStep, boolean> = {
    keys: agentWithKeys !== null,
    keyTested: user.keyTestedAt !== null,
    testRoom: roomMeeting !== null,
    topUp: topUp !== null,
    calendar: calendar !== null,
  };
  const steps = CHECKLIST_STEPS.map((id) => ({ id, done: done[id] }));
  return { steps, visible: user.checklistDismissedAt === null && steps.some((s) => !s.done) };
}

/** A key passed "Test key": the first time is kept for the checklist. */
export async function recordKeyTested(userId: string): Promise<void> {
  await db.user.updateMany({ where: { id: userId, keyTestedAt: null }, data: { keyTestedAt: new Date() } });
}

export async function dismissChecklist(userId: string): Promise<void> {
  await db.user.updateMany({ where: { id: userId, checklistDismissedAt: null }, data: { checklistDismissedAt: new Date() } });
}
