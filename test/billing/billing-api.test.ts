import { describe, expect, it } from "vitest";
import { POST as topup } from "@/app/api/billing/topup/route";
import { GET as topupHistory } from "@/app/api/billing/topup-history/route";
import { GET as usageHistory } from "@/app/api/billing/usage-history/route";
import { GET as pricingRates } from "@/app/api/billing/pricing-rates/route";
import { POST as pay } from "@/app/api/billing/test-checkout/[id]/pay/route";
import { GET as me } from "@/app/api/me/route";
import { applyEntry } from "@/lib/billing/ledger";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

async function seedUsage(userId: string, count: number) {
  const agent = await db.agent.create({ data: { userId, name: "Paging bot", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const meeting = await db.meeting.create({ data: { userId, agentId: agent.id, title: "Standup", meetingUrl: "https://meet.google.com/x", platform: "meet", scheduledStart: new Date() } });
  const account = await db.creditAccount.upsert({ where: { userId }, create: { userId }, update: {} });
  // Amounts 1..count micro-dollars so every row is identifiable on its page.
  await db.$executeRaw`
    INSERT INTO "LedgerEntry" ("accountId", "userId", "type", "amountMicros", "balanceAfterMicros", "idempotencyKey", "action", "meetingId", "agentId")
    SELECT ${account.id}, ${userId}, 'usage', -g, 0, 'seed:' || g, 'agent_minute', ${meeting.id}, ${agent.id} FROM generate_series(1, ${count}) g`;
  // Bulk seeding bypasses the ledger writer, so keep its usage counter the way the writer would.
  await db.creditAccount.update({ where: { id: account.id }, data: { usageEntryCount: count } });
  return { agent, meeting };
}

describe("top-ups in test mode", () => {
  it("validates the amount (USD 5..1000 in whole cents) and creates nothing on bad input", async () => {
    const { user, headers } = await createUser();
    for (const amount of [4, 4.99, 1000.01, 10.505, -5, "20", null]) {
      const res = await call(topup, { body: { amount }, headers });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message).toBe("Amount must be between 5 and 1000 US dollars, in whole cents");
    }
    expect(await db.topUp.count({ where: { userId: user.id } })).toBe(0);
  });

  it("takes cents exactly: $12.50 is a $12.50 checkout and credit", async () => {
    const { headers } = await createUser();
    const session = await call(topup, { body: { amount: 12.5 }, headers });
    expect(session.status).toBe(200);
    expect((await call(pay, { method: "POST", params: { id: session.body.id }, headers })).body).toEqual({ credited: true, balanceUsd: 12.5 });
    expect((await call(topupHistory, { headers })).body[0]).toMatchObject({ amount: 12.5, status: "completed" });
  });

  it("an abandoned test checkout expires after an hour: shown as expired, and it can no longer be paid", async () => {
    const { user, headers } = await createUser();
    const fresh = await call(topup, { body: { amount: 10 }, headers });
    const old = await call(topup, { body: { amount: 20 }, headers });
    await db.topUp.update({ where: { id: old.body.id }, data: { createdAt: new Date(Date.now() - 61 * 60_000) } });
    const history = await call(topupHistory, { headers });
    expect(Object.fromEntries(history.body.map((t: { id: string; status: string }) => [t.id, t.status]))).toEqual({ [fresh.body.id]: "pending", [old.body.id]: "expired" });
    expect(await call(pay, { method: "POST", params: { id: old.body.id }, headers })).toMatchObject({
      status: 409,
      body: { error: "conflict", message: "This checkout has expired. Start a new top-up." },
    });
    expect(await db.ledgerEntry.count({ where: { userId: user.id } })).toBe(0);
    // Paying the fresh one still works.
    expect((await call(pay, { method: "POST", params: { id: fresh.body.id }, headers })).body).toEqual({ credited: true, balanceUsd: 10 });
  });

  it("returns a test checkout whose Pay credits the balance exactly once", async () => {
    const { user, headers } = await createUser();
    const session = await call(topup, { body: { amount: 25 }, headers });
    expect(session.status).toBe(200);
    expect(session.body.url).toBe(`/billing/test-checkout/${session.body.id}`);
    const first = await call(pay, { method: "POST", params: { id: session.body.id }, headers });
    const second = await call(pay, { method: "POST", params: { id: session.body.id }, headers });
    expect(first.body).toEqual({ credited: true, balanceUsd: 25 });
    expect(second.body).toEqual({ credited: false, balanceUsd: 25 });
    expect((await call(me, { headers })).body.creditBalanceUsd).toBe(25);
    const history = await call(topupHistory, { headers });
    expect(history.body).toEqual([
      expect.objectContaining({ id: session.body.id, amount: 25, status: "completed", method: "test_checkout", completedAt: expect.any(String) }),
    ]);
    expect(await db.ledgerEntry.count({ where: { userId: user.id } })).toBe(1);
  });

  it("another user's top-up is 404 and pays nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const session = await call(topup, { body: { amount: 10 }, headers: owner.headers });
    expect((await call(pay, { method: "POST", params: { id: session.body.id }, headers: other.headers })).status).toBe(404);
    expect(await db.ledgerEntry.count({ where: { userId: { in: [owner.user.id, other.user.id] } } })).toBe(0);
    expect((await call(topupHistory, { headers: other.headers })).body).toEqual([]);
  });
});

describe("GET /api/billing/usage-history", () => {
  it("pages newest first with defaults 1/20, and the last page from the other end of the index", async () => {
    const { user, headers } = await createUser();
    const { agent, meeting } = await seedUsage(user.id, 45);
    const first = await call(usageHistory, { path: "/api/billing/usage-history", headers });
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 45, totalPages: 3 });
    expect(first.body.data.map((d: { cost: number }) => Math.round(d.cost * 1e6))).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect(first.body.data[0]).toMatchObject({ action: "agent_minute", agentId: agent.id, agentName: "Paging bot", meetingId: meeting.id, meetingTitle: "Standup" });
    const last = await call(usageHistory, { path: "/api/billing/usage-history?page=3&limit=20", headers });
    expect(last.body.data.map((d: { cost: number }) => Math.round(d.cost * 1e6))).toEqual([5, 4, 3, 2, 1]);
    const middle = await call(usageHistory, { path: "/api/billing/usage-history?page=2&limit=20", headers });
    expect(middle.body.data.map((d: { cost: number }) => Math.round(d.cost * 1e6))).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    const beyond = await call(usageHistory, { path: "/api/billing/usage-history?page=9", headers });
    expect(beyond.body.data).toEqual([]);
  });

  it("rejects bad page and limit values", async () => {
    const { headers } = await createUser();
    for (const q of ["page=0", "page=-1", "page=abc", "limit=0", "limit=101", "limit=2.5"]) {
      const res = await call(usageHistory, { path: `/api/billing/usage-history?${q}`, headers });
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe("validation_error");
    }
  });

  it("never shows another user's usage", async () => {
    const owner = await createUser();
    await seedUsage(owner.user.id, 3);
    const other = await createUser();
    const res = await call(usageHistory, { path: "/api/billing/usage-history", headers: other.headers });
    expect(res.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });
});

describe("GET /api/billing/pricing-rates", () => {
  it("lists the current rate per action with unit and USD price", async () => {
    const { headers } = await createUser();
    const res = await call(pricingRates, { headers });
    expect(res.body).toContainEqual(expect.objectContaining({ action: "agent_minute", unit: "minute", priceUsd: 0.02 }));
  });
});

describe("usage history grouped by meeting", () => {
  async function tick(userId: string, meetingId: string, agentId: string, n: number, micros = 20_000n) {
    for (let i = 0; i < n; i++) {
      await applyEntry({ userId, type: "usage", amountMicros: -micros, idempotencyKey: `usage:${meetingId}:${i}`, action: "agent_minute", quantity: 1, meetingId, agentId });
    }
  }

  it("one row per meeting with its minutes and cost, newest first, paged over meetings, only the user's own", async () => {
    const { user, headers } = await createUser();
    const { user: other } = await createUser();
    await applyEntry({ userId: user.id, type: "adjustment", amountMicros: 10_000_000n, idempotencyKey: `seed:${user.id}` });
    await applyEntry({ userId: other.id, type: "adjustment", amountMicros: 10_000_000n, idempotencyKey: `seed:${other.id}` });
    const { agent, meeting: standup } = await seedUsage(user.id, 0);
    const review = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, title: "Review", meetingUrl: "https://meet.google.com/y", platform: "meet", scheduledStart: new Date() } });
    await tick(user.id, standup.id, agent.id, 3);
    await tick(user.id, review.id, agent.id, 2);
    const { agent: theirs, meeting: theirMeeting } = await seedUsage(other.id, 0);
    await tick(other.id, theirMeeting.id, theirs.id, 4);

    const first = await call(usageHistory, { path: "/api/billing/usage-history?group=meeting&page=1&limit=1", headers });
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(first.body.data).toEqual([
      expect.objectContaining({ meetingId: review.id, meetingTitle: "Review", platform: "meet", meetingUrl: "https://meet.google.com/y", agentName: "Paging bot", action: "agent_minute", quantity: 2, cost: 0.04 }),
    ]);
    const second = await call(usageHistory, { path: "/api/billing/usage-history?group=meeting&page=2&limit=1", headers });
    expect(second.body.data).toEqual([expect.objectContaining({ meetingId: standup.id, quantity: 3, cost: 0.06 })]);
    // Without grouping: one row per billed minute, as before.
    expect((await call(usageHistory, { path: "/api/billing/usage-history", headers })).body.pagination.total).toBe(5);
    expect((await call(usageHistory, { path: "/api/billing/usage-history?group=day", headers })).status).toBe(400);
  });
});

