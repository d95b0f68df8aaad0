import { db } from "../db/client.ts";

// Everything the account holds, as one JSON document (GDPR art. 20). Secrets stay out: password
// hash, encrypted provider keys and Zoom app secret (whether one is stored is shown), hashed feed
// tokens, the session generation. Money is shown in USD.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** BigInt micro-dollar columns (`…Micros`) become USD numbers (`…Usd`), other BigInts strings, dates ISO. */
function plain(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key.endsWith("Micros") && typeof v === "bigint") out[`${key.slice(0, -"Micros".length)}Usd`] = Number(v) / 1_000_000;
      else out[key] = plain(v);
    }
    return out;
  }
  return value as Json;
}

export async function exportAccountData(userId: string) {
  const where = { userId };
  const [user, agents, meetings, calendars, calendarEvents, credit, ledger, topUps, feedback] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      omit: { calendarFeedTokenHash: true, sessionVersion: true },
      include: { accounts: { select: { provider: true } } },
    }),
    db.agent.findMany({
      where,
      orderBy: { createdAt: "asc" },
      omit: { sttApiKeyEnc: true, aiApiKeyEnc: true, ttsApiKeyEnc: true, zoomAppSecretEnc: true, calendarTokenHash: true },
    }),
    db.meeting.findMany({
      where,
      orderBy: { scheduledStart: "asc" },
      omit: { runId: true, jobId: true, workerId: true, heartbeatAt: true, joinRequestedAt: true },
      include: {
        events: { orderBy: { createdAt: "asc" } },
        segments: { orderBy: { startMs: "asc" } },
        participants: true,
        providerUsage: true,
        turns: { orderBy: { createdAt: "asc" } },
      },
    }),
    db.calendar.findMany({ where, orderBy: { createdAt: "asc" } }),
    db.calendarEvent.findMany({ where, orderBy: { startsAt: "asc" } }),
    db.creditAccount.findUnique({ where }),
    db.ledgerEntry.findMany({ where, orderBy: { id: "asc" } }),
    db.topUp.findMany({ where, orderBy: { createdAt: "asc" } }),
    db.feedback.findMany({ where, orderBy: { createdAt: "asc" } }),
  ]);
  const { accounts, passwordHash, ...profile } = user;
  return plain({
    exportedAt: new Date(),
    format: "cohost-account-export/1",
    profile: { ...profile, signInWith: [...(passwordHash ? ["password"] : []), ...accounts.map((a) => a.provider)] },
    agents: agents.map((a) => ({
      ...a,
      sttApiKeyStored: a.sttApiKeyHint !== null,
      aiApiKeyStored: a.aiApiKeyHint !== null,
      ttsApiKeyStored: a.ttsApiKeyHint !== null,
      zoomAppSecretStored: a.zoomAppSecretHint !== null,
    })),
    meetings,
    calendars,
    calendarEvents,
    credit,
    ledger,
    topUps,
    feedback,
  });
}
