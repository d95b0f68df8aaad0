import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * An event of the user's agent (as the path names them), locked for a change: the calendar import
 * of that agent waits for it and vice versa. Another user's event is not found, and neither is a
 * deleted one (or, with `deleted`, one that is not deleted: only those can be restored).
 */
export async function lockOwnedEvent(tx: Prisma.TransactionClient, userId: string, agentId: string, eventId: string, { deleted = false } = {}) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`calendar-agent:${agentId}`}))`;
  const event = await tx.calendarEvent.findFirst({ where: { id: eventId, agentId, userId, deletedAt: deleted ? { not: null } : null } });
  if (!event) throw new AppError("not_found", "Event not found");
  return event;
}
