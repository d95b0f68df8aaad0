import { expect, it } from "vitest";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { db } from "@/lib/db/client";
import { call } from "../http.ts";
import { MEET_URL, userWithAgent } from "./fixtures.ts";

// Many people sending their agents at the same moment (issue 17: 20 concurrent joins all failed
// after 5 s). Each join holds one pooled connection for its transaction; anything it runs on
// another connection meanwhile can wait for a connection held by a join that waits in turn, and
// every transaction expires. More joins than the pool has connections (three per connection) is the shape of that deadlock.
// The pool is small (read when the first query creates the client): 50 joins on the default 10
// queued five deep, and on a busy machine the last ones outwaited the transaction's start limit
// (a 503, as designed) without any deadlock.
const POOL = 5;
const JOINS = 3 * POOL;
process.env.DATABASE_POOL_SIZE = String(POOL);

it(`accepts ${JOINS} concurrent joins of distinct users and agents`, async () => {
  const people = [];
  for (let i = 0; i < JOINS; i += POOL) people.push(...(await Promise.all(Array.from({ length: POOL }, () => userWithAgent()))));

  const answers = await Promise.all(
    people.map(({ headers, agent }) => call(joinRoute, { headers, body: { agentId: agent.id, meetingUrl: MEET_URL }, path: "/api/meetings/join" })),
  );

  expect(answers.map((a) => (a.status === 201 ? 201 : `${a.status} ${JSON.stringify(a.body)}`))).toEqual(Array(JOINS).fill(201));
  const meetings = await db.meeting.findMany({ where: { id: { in: answers.map((a) => a.body.id) } }, select: { status: true, jobId: true, agentId: true } });
  expect(meetings).toHaveLength(JOINS);
  expect(new Set(meetings.map((m) => m.agentId)).size).toBe(JOINS);
  expect(meetings.every((m) => m.status === "joining" && m.jobId)).toBe(true);
}, 120_000);
