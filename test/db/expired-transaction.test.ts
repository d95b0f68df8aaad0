import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { DATABASE_RETRY_AFTER_SECONDS, errorResponse } from "@/lib/http/route";
import { call } from "../http.ts";
import { MEET_URL, userWithAgent } from "../meetings/fixtures.ts";
import { errorOf } from "../support/error-of.ts";

// An interactive transaction that runs out of time in the middle of one of its queries (a nested
// create is several INSERTs): Prisma 7 rolls it back and releases its connection, and used to send
// the query's remaining statements there anyway. Under load a join answered 500 with a foreign-key
// violation on MeetingEvent_meetingId_fkey. lib/db/guard-transactions.ts refuses them; the answer
// is the database's "try again" 503.

const TIMEOUT_MS = 300;
const others: pg.Client[] = [];

afterEach(async () => {
  await Promise.all(others.splice(0).map((c) => c.end()));
});

/**
 * Another session locks a row (`lockSql`, inside its own transaction) so that the transaction under
 * test waits for it in the middle of a query. Once a statement of this database is seen waiting for
 * a lock (its transaction, and Prisma's timer of `timeoutMs`, started before), the lock is kept
 * `timeoutMs` longer: Prisma's timer is due first and has rolled the transaction back when the
 * waiting statement goes on.
 */
async function blockUntilExpired(lockSql: string, params: unknown[], timeoutMs: number) {
  const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  others.push(other);
  await other.connect();
  await other.query("BEGIN");
  await other.query(lockSql, params);
  const waiting = async () => {
    const { rows } = await other.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    return rows[0].n > 0;
  };
  void (async () => {
    while (!(await waiting())) await new Promise((r) => setTimeout(r, 20));
    setTimeout(() => void other.query("COMMIT").catch(() => {}), timeoutMs);
  })().catch(() => {});
}

describe("an interactive transaction that expires in the middle of a query", () => {
  it("a nested create: the database's 503, no foreign-key violation, nothing left", async () => {
    const { user, agent } = await userWithAgent();
    // The Meeting INSERT checks its agent (FOR KEY SHARE): it waits while the row is locked.
    await blockUntilExpired(`SELECT 1 FROM "Agent" WHERE id = $1 FOR UPDATE`, [agent.id], TIMEOUT_MS);
    const err = await errorOf(
      db.$transaction(
        (tx) =>
          tx.meeting.create({
            data: {
              userId: user.id,
              agentId: agent.id,
              meetingUrl: MEET_URL,
              platform: "meet",
              status: "scheduled",
              scheduledStart: new Date(),
              events: { create: { fromStatus: null, toStatus: "scheduled" } },
            },
          }),
        { timeout: TIMEOUT_MS },
      ),
    );
    expect((err as { code?: string }).code).not.toBe("P2003");
    expect(isDatabaseUnavailable(err)).toBe(true);
    const res = errorResponse(err);
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await res.json()).error).toBe("service_unavailable");
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(0);
  });

  it("writes nothing outside the transaction: a nested create under an update is not sent after the rollback", async () => {
    const { user, agent } = await userWithAgent();
    const meeting = await db.meeting.create({
      data: { userId: user.id, agentId: agent.id, meetingUrl: MEET_URL, platform: "meet", status: "scheduled", scheduledStart: new Date() },
    });
    await blockUntilExpired(`SELECT 1 FROM "Meeting" WHERE id = $1 FOR UPDATE`, [meeting.id], TIMEOUT_MS);
    const err = await errorOf(
      db.$transaction(
        (tx) =>
          tx.meeting.update({
            where: { id: meeting.id },
            data: { title: "renamed", events: { create: { fromStatus: "scheduled", toStatus: "scheduled", reason: "written after the rollback" } } },
          }),
        { timeout: TIMEOUT_MS },
      ),
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    const after = await db.meeting.findUniqueOrThrow({ where: { id: meeting.id }, select: { title: true, events: { select: { reason: true } } } });
    expect(after).toEqual({ title: "", events: [] });
  });

  it("a genuine foreign-key violation inside a live transaction is still not 'unavailable'", async () => {
    const { user } = await userWithAgent();
    const err = await errorOf(
      db.$transaction((tx) =>
        tx.meeting.create({
          data: { userId: user.id, agentId: "c00000000000000000000000", meetingUrl: MEET_URL, platform: "meet", status: "scheduled", scheduledStart: new Date() },
        }),
      ),
    );
    expect((err as { code?: string }).code).toBe("P2003");
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(errorResponse(err).status).toBe(500);
  });

  it("POST /api/meetings/join whose meeting INSERT outlasts the transaction answers 503 with Retry-After", async () => {
    const { headers, agent } = await userWithAgent();
    // joinMeeting's transaction has Prisma's default timeout, 5 s.
    await blockUntilExpired(`SELECT 1 FROM "Agent" WHERE id = $1 FOR UPDATE`, [agent.id], 5000);
    const res = await call(joinRoute, { headers, body: { agentId: agent.id, meetingUrl: MEET_URL }, path: "/api/meetings/join" });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.body.error).toBe("service_unavailable");
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(0);
  });
});
