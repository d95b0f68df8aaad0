import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { ID_PATTERN } from "@/lib/validation/ids";
import { userWithAgent } from "../meetings/fixtures.ts";

// lib/db/insert-many.ts writes rows the way Prisma's createMany would (ids, @updatedAt, database
// defaults, enums, JSON, times), in one statement of one array per column.

describe("insertMany", () => {
  it("writes what Prisma's create would: cuid-shaped ids in time order, updatedAt, defaults, enums, nulls and times", async () => {
    const { user, agent } = await userWithAgent({ creditUsd: 0 });
    const start = new Date(Date.UTC(2030, 0, 2, 9, 30, 0, 123));
    const rows = Array.from({ length: 3 }, (_, i) => ({
      userId: user.id,
      agentId: agent.id,
      title: `Meeting ${i}`,
      meetingUrl: `https://zoom.us/j/8500000000${i}`,
      platform: "zoom",
      status: "scheduled",
      scheduledStart: new Date(start.getTime() + i * 3600_000),
      scheduledEnd: i === 0 ? null : new Date(start.getTime() + i * 3600_000 + 1800_000),
    }));
    const before = Date.now() - 1000;
    const first = await db.$transaction((tx) => insertMany<{ id: string; scheduledStart: Date }>(tx, "Meeting", rows));
    const second = await db.$transaction((tx) => insertMany<{ id: string }>(tx, "Meeting", rows.slice(0, 1).map((r) => ({ ...r, meetingUrl: "https://zoom.us/j/85999999999" }))));
    expect(first).toHaveLength(3);
    const ids = [...first, ...second].map((r) => r.id);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort()).toEqual(ids);
    expect(first[1].scheduledStart).toEqual(rows[1].scheduledStart);

    const stored = await db.meeting.findMany({ where: { id: { in: first.map((r) => r.id) } }, orderBy: { scheduledStart: "asc" } });
    expect(stored.map((m) => ({ title: m.title, platform: m.platform, status: m.status, start: m.scheduledStart, end: m.scheduledEnd }))).toEqual(
      rows.map((r) => ({ title: r.title, platform: "zoom", status: "scheduled", start: r.scheduledStart, end: r.scheduledEnd })),
    );
    for (const m of stored) {
      expect(m.createdAt.getTime()).toBeGreaterThan(before);
      expect(m.updatedAt.getTime()).toBeGreaterThan(before);
    }
  });

  it("writes JSON columns as JSON and returns nothing for no rows", async () => {
    const { user } = await userWithAgent({ creditUsd: 0 });
    const data = { meetingId: null, nested: { list: [1, "two"], quote: 'a "b"' } };
    const [row] = await db.$transaction((tx) => insertMany<{ id: string }>(tx, "ApiEvent", [{ id: `msg_${Date.now()}`, userId: user.id, type: "test.event", meetingId: null, meetingSeq: null, data }]));
    expect((await db.apiEvent.findUniqueOrThrow({ where: { id: row.id } })).data).toEqual(data);
    // A JSON string is JSON too, not the column's text.
    const [text] = await db.$transaction((tx) => insertMany<{ id: string }>(tx, "ApiEvent", [{ id: `msg_t${Date.now()}`, userId: user.id, type: "test.event", meetingId: null, meetingSeq: null, data: "plain, text" }]));
    expect((await db.apiEvent.findUniqueOrThrow({ where: { id: text.id } })).data).toBe("plain, text");
    expect(await db.$transaction((tx) => insertMany(tx, "ApiEvent", []))).toEqual([]);
  });

  it("refuses a column the table does not have and a row without a value the others give", async () => {
    const { user } = await userWithAgent({ creditUsd: 0 });
    await expect(db.$transaction((tx) => insertMany(tx, "ApiEvent", [{ id: "x1", userId: user.id, type: "t", data: {}, nope: 1 }]))).rejects.toThrow("ApiEvent has no column nope");
    await expect(
      db.$transaction((tx) =>
        insertMany(tx, "ApiEvent", [
          { id: "x2", userId: user.id, type: "t", data: {} },
          { id: "x3", userId: user.id, type: undefined, data: {} },
        ]),
      ),
    ).rejects.toThrow("Every row must give ApiEvent.type");
  });
});
