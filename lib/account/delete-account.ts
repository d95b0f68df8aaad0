import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { log } from "../log.ts";
import { sendNotice } from "../mail/send.ts";
import { accountDeletedMail } from "../mail/templates.ts";
import { stripe } from "../billing/stripe.ts";
import { stripeConfigured } from "../billing/mode.ts";
import { deleteRecordingFiles } from "../meetings/delete-recording.ts";
import { LIVE_STATUSES } from "../meetings/status.ts";
import { checkCurrentPassword } from "./current-password.ts";

/**
 * Deletes the account and everything in it (docs/auth.md, "Deleting an account"): agents, meetings
 * with their transcripts, calendars, the credit balance and its history, feedback, rooms. The user
 * types their e-mail address and, when the account has one, gives the password. Refused while an
 * agent is in a meeting: stopping it first keeps the bill and the transcript whole.
 */
export async function deleteAccount(userId: string, input: { confirmation: string; currentPassword?: string }): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, firstName: true, passwordHash: true } });
  if (input.confirmation.toLowerCase() !== user.email) {
    const message = "Type your e-mail address exactly to confirm";
    throw new AppError("validation_error", message, { issues: [{ path: "confirmation", message }] });
  }
  if (user.passwordHash) {
    if (!input.currentPassword) {
      const message = "Enter your current password";
      throw new AppError("validation_error", message, { issues: [{ path: "currentPassword", message }] });
    }
    await checkCurrentPassword(userId, input.currentPassword);
  }
  const live = await db.meeting.count({ where: { userId, status: { in: [...LIVE_STATUSES] } } });
  if (live > 0) {
    throw new AppError("conflict", `An agent is still in ${live === 1 ? "a meeting" : `${live} meetings`}. Stop ${live === 1 ? "it" : "them"} on the Meetings page first.`);
  }
  const account = await db.creditAccount.findUnique({ where: { userId }, select: { stripeCustomerId: true } });
  const recorded = await db.recording.findMany({ where: { userId }, select: { meetingId: true } });
  // Every row of the account goes with the user (ON DELETE CASCADE); scheduled meetings' start
  // jobs then find no meeting and are skipped by the worker.
  await db.user.delete({ where: { id: userId } });
  // The recordings' audio after the commit (its rows are gone with the user, so no URL reads it any more).
  for (const { meetingId } of recorded) {
    await deleteRecordingFiles(meetingId).catch((err) => log({ event: "recording_files_not_deleted", level: "error", userId, meetingId, error: (err as Error).message }));
  }
  // The confirmation goes after the commit: a refused deletion must not announce one.
  await sendNotice(accountDeletedMail(user.email, user.firstName));
  // After the commit, never inside it: deleting the Stripe customer removes the saved card, so no
  // later charge can reach it. A failure here leaves a customer without an account; log it.
  if (account?.stripeCustomerId && stripeConfigured()) {
    await stripe()
      .customers.del(account.stripeCustomerId)
      .catch((err) => log({ event: "stripe_customer_not_deleted", level: "error", userId, stripeCustomerId: account.stripeCustomerId, error: (err as Error).message }));
  }
}
