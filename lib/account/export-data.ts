import { db } from "../db/client.ts";
import { urlHint } from "../calendar/serialize.ts";

// Everything the account holds, as one JSON document (GDPR art. 20; docs/security.md "Secrets and
// streams"). Secrets stay out: password hash, encrypted provider keys, Zoom app secret, tool servers'
// tokens and headers and webhook signing secrets (whether one is stored is shown), hashed or encrypted
// feed tokens, API keys' hashes, the session generation. A subscribed calendar's address is itself a
// secret: only a signed-in person's download carries it; an API key gets its origin, as the calendars
// API answers. Money is shown in USD. test/account/export-complete.test.ts fails when a table that
// belongs to a user is neither here nor listed there with the reason it is left out.

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

const byCreated = { createdAt: "asc" } as const;

function readAgents(userId: string) {
  return db.agent.findMany({
    where: { userId },
    orderBy: byCreated,
    omit: { sttApiKeyEnc: true, aiApiKeyEnc: true, ttsApiKeyEnc: true, zoomAppSecretEnc: true, botSessionEnc: true, calendarTokenHash: true, calendarTokenEnc: true },
    include: {
      mcpServers: { orderBy: { position: "asc" }, omit: { tokenEnc: true, headersEnc: true } },
      keyChecks: true,
      retirementNotices: true,
    },
  });
}

function readMeetings(userId: string) {
  return db.meeting.findMany({
    where: { userId },
    orderBy: { scheduledStart: "asc" },
    omit: { runId: true, jobId: true, workerId: true, heartbeatAt: true, joinRequestedAt: true },
    include: {
      events: { orderBy: byCreated },
      segments: { orderBy: { startMs: "asc" } },
      participants: true,
      providerUsage: true,
      turns: { orderBy: byCreated },
      notes: { orderBy: byCreated },
      summary: { omit: { meetingId: true } },
      // The recording's record (status, parts, when it was deleted); the audio is fetched through the API.
      recording: { omit: { meetingId: true, userId: true } },
    },
  });
}

function readWebhooks(userId: string) {
  return db.webhookEndpoint.findMany({
    where: { userId },
    orderBy: byCreated,
    omit: { secretEnc: true },
    include: {
      deliveries: {
        orderBy: byCreated,
        include: { event: { select: { type: true } }, tries: { orderBy: { attempt: "asc" } } },
      },
    },
  });
}

const CONNECTION_EXPORTED = { provider: true, accountEmail: true, scope: true, reconnectReason: true, joinRule: true, joinKeyword: true, channelExpiresAt: true, createdAt: true, updatedAt: true } as const;

export async function exportAccountData(userId: string, opts: { viaApiKey?: boolean } = {}) {
  const where = { userId };
  const [user, agents, meetings, calendars, calendarEvents, credit, ledger, topUps, feedback, rooms, apiKeys, apiEvents, webhooks] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      omit: { calendarFeedTokenHash: true, calendarFeedTokenEnc: true, sessionVersion: true },
      include: { accounts: { select: { provider: true } } },
    }),
    readAgents(userId),
    readMeetings(userId),
    // A connected calendar's grant: which account and how it stands, never its tokens or sync state.
    db.calendar.findMany({ where, orderBy: byCreated, include: { sources: true, connection: { select: CONNECTION_EXPORTED } } }),
    db.calendarEvent.findMany({ where, orderBy: { startsAt: "asc" } }),
    db.creditAccount.findUnique({ where }),
    db.ledgerEntry.findMany({ where, orderBy: { id: "asc" } }),
    db.topUp.findMany({ where, orderBy: byCreated }),
    db.feedback.findMany({ where, orderBy: byCreated }),
    db.room.findMany({ where, orderBy: byCreated, include: { participants: { omit: { keyHash: true }, orderBy: { joinedAt: "asc" } } } }),
    db.apiKey.findMany({ where, orderBy: byCreated, omit: { keyHash: true } }),
    db.apiEvent.findMany({ where, orderBy: byCreated, select: { id: true, type: true, meetingId: true, meetingSeq: true, createdAt: true, dispatchedAt: true } }),
    readWebhooks(userId),
  ]);
  // Signed-in devices (browser, system, when): what the account page lists.
  const devices = await db.deviceSession.findMany({ where, orderBy: byCreated, select: { userAgent: true, createdAt: true, lastSeenAt: true, endedAt: true } });
  const { accounts, passwordHash, ...profile } = user;
  return plain({
    exportedAt: new Date(),
    format: "cohost-account-export/2",
    profile: { ...profile, signInWith: [...(passwordHash ? ["password"] : []), ...accounts.map((a) => a.provider)] },
    agents: agents.map(({ mcpServers, ...a }) => ({
      ...a,
      sttApiKeyStored: a.sttApiKeyHint !== null,
      aiApiKeyStored: a.aiApiKeyHint !== null,
      ttsApiKeyStored: a.ttsApiKeyHint !== null,
      zoomAppSecretStored: a.zoomAppSecretHint !== null,
      // The signed-in bot's account name and dates (botSession* columns); the session itself never.
      mcpServers: mcpServers.map((s) => ({ ...s, tokenStored: s.tokenHint !== null })),
    })),
    meetings,
    calendars: calendars.map(({ sourceUrl, ...c }) => (opts.viaApiKey ? { ...c, urlHint: urlHint(sourceUrl) } : { ...c, sourceUrl })),
    calendarEvents,
    credit,
    ledger,
    topUps,
    feedback,
    rooms,
    apiKeys,
    // The outbox of what other software heard: the payloads are the meetings and events above.
    apiEvents,
    webhooks: webhooks.map((w) => ({ ...w, deliveries: w.deliveries.map(({ event, ...d }) => ({ ...d, eventType: event.type })) })),
    devices,
  });
}
