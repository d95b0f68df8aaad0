import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { requestImport } from "./request-import.ts";
import { joinRuleSchema } from "./schema.ts";
import { calendarDto } from "./serialize.ts";

/**
 * PATCH /api/calendars/{id} {joinRule, joinKeyword?}: which meetings the agent joins from this
 * connected calendar → the calendar, `importing: true`: the rule applies to its events at the import
 * this change queues at once (docs/calendars.md, "Which meetings the agent joins").
 */
export async function setJoinRule(userId: string, id: string, body: unknown) {
  const input = parseWith(joinRuleSchema, body);
  await db.$transaction(async (tx) => {
    const calendar = await tx.calendar.findFirst({ where: { id, userId }, select: { id: true, connection: { select: { id: true } } } });
    if (!calendar) throw new AppError("not_found", "Calendar not found");
    if (!calendar.connection) throw new AppError("conflict", "Only connected Google and Microsoft calendars have rules for which meetings the agent joins.");
    const joinKeyword = input.joinRule === "keyword" ? input.joinKeyword! : null;
    await tx.calendarConnection.update({ where: { id: calendar.connection.id }, data: { joinRule: input.joinRule, joinKeyword } });
    await requestImport(tx, id);
  });
  return calendarDto(userId, id);
}
