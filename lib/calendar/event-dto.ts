import type { Prisma } from "../generated/prisma/client.ts";
import { EVENT_INCLUDE, serializeEvent, type CalendarEventDto } from "./serialize.ts";

/** An event as the API returns it after a change, read in the change's transaction. */
export async function eventDto(tx: Prisma.TransactionClient, id: string): Promise<CalendarEventDto> {
  return serializeEvent(await tx.calendarEvent.findUniqueOrThrow({ where: { id }, include: EVENT_INCLUDE }));
}
