import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { describeUserAgent } from "./user-agent.ts";

// Signed-in devices (docs/auth.md, "Signed-in devices"): each browser sign-in is a row whose id the
// session cookie carries (`sid`). A device signed out here ends at its next request, like a session
// ended by a new generation; cookies from before devices were recorded carry no `sid` and are only
// ended by the generation.

/** A device's cookie is good for 30 days and re-issued while in use: one not seen that long is gone. */
const SESSION_DAYS = 30;
/** "Last seen" is written at most this often per device (a read on every request, a write rarely). */
const SEEN_EVERY_MS = 5 * 60_000;

export const deviceSessionsResponse = z
  .object({
    devices: z.array(
      z.object({
        id: z.string(),
        browser: z.string().nullable().meta({ description: "From the browser's User-Agent: Chrome, Firefox, Safari, Edge…; null when not recognised" }),
        os: z.string().nullable().meta({ description: "Windows, macOS, iOS, Android, Linux, ChromeOS; null when not recognised" }),
        signedInAt: time,
        lastSeenAt: time,
        current: z.boolean().meta({ description: "The device this request comes from" }),
      }),
    ),
  })
  .meta({ id: "DeviceSessions", description: "Browsers signed in to the account (API keys and access-token apps are not listed)" });

export async function startDeviceSession(userId: string, userAgent: string, sv: number): Promise<string> {
  const row = await db.deviceSession.create({ data: { userId, userAgent: userAgent.slice(0, 500), sv }, select: { id: true } });
  return row.id;
}

/** Whether the device `sid` of this user was signed out (or never existed); marks it seen. */
export async function deviceSessionEnded(userId: string, sid: unknown): Promise<boolean> {
  if (typeof sid !== "string") return false;
  const row = await db.deviceSession.findUnique({ where: { id: sid }, select: { userId: true, endedAt: true, lastSeenAt: true } });
  if (!row || row.userId !== userId || row.endedAt) return true;
  if (Date.now() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) await db.deviceSession.updateMany({ where: { id: sid, endedAt: null }, data: { lastSeenAt: new Date() } });
  return false;
}

/** The session that asked kept its sign-in under a new generation (lib/http/keep-session.ts): its device stays listed. */
export async function keepDeviceSession(sid: unknown, sv: number): Promise<void> {
  if (typeof sid === "string") await db.deviceSession.updateMany({ where: { id: sid, endedAt: null }, data: { sv } });
}

/** The user's signed-in devices, the one asking first, then by when they were last seen. */
export async function listDeviceSessions(userId: string, currentSid: string | undefined) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
  const rows = await db.deviceSession.findMany({
    where: { userId, endedAt: null, sv: user.sessionVersion, lastSeenAt: { gt: new Date(Date.now() - SESSION_DAYS * 24 * 3600_000) } },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
    take: 50,
  });
  const devices = rows.map((r) => ({ id: r.id, ...describeUserAgent(r.userAgent), signedInAt: r.createdAt, lastSeenAt: r.lastSeenAt, current: r.id === currentSid }));
  return { devices: [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)] } satisfies Sent<typeof deviceSessionsResponse>;
}

/** Signs one device out; this device's own sign-out is the account menu's. */
export async function endDeviceSession(userId: string, id: string, currentSid: string | undefined): Promise<{ message: string }> {
  if (id === currentSid) throw new AppError("conflict", "This is the device you are using: sign out from the account menu.");
  const { count } = await db.deviceSession.updateMany({ where: { id, userId, endedAt: null }, data: { endedAt: new Date() } });
  if (count === 0) throw new AppError("not_found", "Device not found");
  return { message: "The device was signed out." };
}
