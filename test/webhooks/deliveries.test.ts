import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as stopRoute } from "@/app/api/meetings/[id]/stop/route";
import { POST as createWebhook, GET as listWebhooks } from "@/app/api/webhooks/route";
import { DELETE as deleteWebhook, GET as getWebhook, PATCH as patchWebhook } from "@/app/api/webhooks/[id]/route";
import { POST as testRoute } from "@/app/api/webhooks/[id]/test/route";
import { GET as deliveriesRoute } from "@/app/api/webhooks/[id]/deliveries/route";
import { POST as redeliverRoute } from "@/app/api/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { startWebhookWorker, type WebhookWorker } from "@/lib/webhooks/start-webhook-worker";
import { relayEvents } from "@/lib/webhooks/relay-events";
import { userConcurrency } from "@/lib/webhooks/delivery-order";
import { newEventId } from "@/lib/events/record-event";
import { startReceiver } from "@/test/fakes/webhook-receiver";
import { call } from "@/test/http";
import { startSmtpCapture } from "@/test/support/smtp";
import { createUser } from "@/test/users";
import { MEET_URL, userWithAgent } from "../meetings/fixtures.ts";
import { createEndpoint, waitFor } from "./support.ts";

// Webhook delivery end to end inside one process: the real outbox relay and delivery jobs on pg-boss
// (a webhook worker as `npm run worker` runs it), real HTTP to a receiver that verifies signatures
// with the Standard Webhooks library. All delivery tests live in this file: one worker per test run,
// so no other file's worker (with other settings) takes these jobs.

let worker: WebhookWorker;
const saved = { ...process.env };

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1"; // the receivers are on 127.0.0.1
  process.env.WEBHOOK_RETRY_BASE_SECONDS = "0.2"; // retries after 0.2 s, 1 s, 5 s…
  worker = await startWebhookWorker({ databaseUrl: process.env.DATABASE_URL! });
});

afterAll(async () => {
  await worker?.stop();
  process.env = saved;
});

const deliveriesOf = async (headers: Record<string, string>, endpointId: string) => (await call(deliveriesRoute, { headers, params: { id: endpointId } })).body.deliveries;

async function joinMeeting(ctx: Awaited<ReturnType<typeof userWithAgent>>) {
  const res = await call(joinRoute, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: `${MEET_URL}?x=${Math.random()}` } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("webhook endpoints", () => {
  it("show the signing secret once, keep it encrypted, and validate what they are given", async () => {
    const { user, headers } = await createUser();
    const created = await call(createWebhook, { headers, body: { url: "https://example.com/hooks", description: " CRM ", events: ["meeting.ended", "meeting.ended", "billing.balance_low"] } });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body.endpoint).toEqual({
      id: expect.any(String),
      url: "https://example.com/hooks",
      description: "CRM",
      events: ["meeting.ended", "billing.balance_low"],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      createdAt: expect.any(String),
    });
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.body.endpoint.id } });
    expect(stored.secretEnc).not.toContain(created.body.secret.slice(6));
    expect(decryptSecret(stored.secretEnc)).toBe(created.body.secret);
    for (const res of [await call(listWebhooks, { headers }), await call(getWebhook, { headers, params: { id: stored.id } })]) {
      expect(JSON.stringify(res.body)).not.toContain(created.body.secret.slice(6));
    }

    const cases: [Record<string, unknown>, string][] = [
      [{ events: ["meeting.ended"] }, "Enter the address that should receive the events"],
      [{ url: "example.com/hook", events: ["meeting.ended"] }, "Enter a full address, e.g. https://example.com/webhooks/cohost"],
      [{ url: "https://example.com/hook", events: [] }, "Choose at least one event"],
      [{ url: "https://example.com/hook", events: ["meeting.exploded"] }, "Events must be among: meeting.status_changed, meeting.transcript.segment, meeting.ended, calendar.event, billing.balance_low, billing.topup_succeeded, recording.ready, recording.deleted"],
      [{ url: "https://user:pw@example.com/hook", events: ["meeting.ended"] }, "The address must not contain a user name or password"],
    ];
    for (const [body, message] of cases) {
      const res = await call(createWebhook, { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const bad = await call(patchWebhook, { method: "PATCH", headers, params: { id: stored.id }, body: { events: [], enabled: "no" } });
    expect(bad.status).toBe(400);
    expect(await db.webhookEndpoint.count({ where: { userId: user.id } })).toBe(1);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).events).toEqual(["meeting.ended", "billing.balance_low"]);
  });

  it("are the owner's only: another user gets 404 for each of them", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id } = await createEndpoint(owner.headers, "https://example.com/hooks", ["meeting.ended"]);
    const delivery = (await call(testRoute, { method: "POST", headers: owner.headers, params: { id } })).body;
    for (const res of [
      await call(getWebhook, { headers: other.headers, params: { id } }),
      await call(patchWebhook, { method: "PATCH", headers: other.headers, params: { id }, body: { enabled: false } }),
      await call(deleteWebhook, { method: "DELETE", headers: other.headers, params: { id } }),
      await call(testRoute, { method: "POST", headers: other.headers, params: { id } }),
      await call(deliveriesRoute, { headers: other.headers, params: { id } }),
      await call(redeliverRoute, { method: "POST", headers: other.headers, params: { id, deliveryId: delivery.id } }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await call(listWebhooks, { headers: other.headers })).body).toEqual([]);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).enabled).toBe(true);
  });
});

describe("webhook deliveries", () => {
  it("sign each event per Standard Webhooks, so the receiver verifies it with the standardwebhooks library", async () => {
    const receiver = await startReceiver();
    const ctx = await userWithAgent();
    const { id, secret } = await createEndpoint(ctx.headers, receiver.url, ["meeting.status_changed", "meeting.ended"]);
    receiver.useSecret(secret);
    const meetingId = await joinMeeting(ctx);
    await call(stopRoute, { method: "POST", headers: ctx.headers, params: { id: meetingId } });

    await waitFor(() => receiver.received.length >= 3, "three events");
    const byType = Object.fromEntries(receiver.received.map((r) => [`${r.body.type}:${r.body.data.status}`, r]));
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(byType["meeting.status_changed:joining"].body.data).toEqual({ meetingId, agentId: ctx.agent.id, fromStatus: null, status: "joining", reason: "join_requested" });
    expect(byType["meeting.status_changed:completed"].body.data).toMatchObject({ meetingId, fromStatus: "joining", status: "completed" });
    const ended = byType["meeting.ended:completed"].body;
    expect(ended.data).toMatchObject({ meetingId, status: "completed", costUsd: 0, transcript: [], usage: { billedMinutes: 0, costUsd: 0, providers: [] } });
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(3);
    expect(receiver.received.every((r) => /^msg_[0-9a-f]{32}$/.test(r.id))).toBe(true);
    // The delivery log shows each delivery's payload, as sent, and the meeting it is about (issue 31).
    const sent = new Map(receiver.received.map((r) => [r.id, r.body]));
    const log: { eventId: string; payload: unknown; meeting: unknown }[] = await deliveriesOf(ctx.headers, id);
    expect(log).toHaveLength(3);
    for (const d of log) {
      expect(d.payload).toEqual(sent.get(d.eventId));
      expect(d.meeting).toEqual({ id: meetingId, title: "", platform: "meet", meetingUrl: expect.stringContaining(MEET_URL), agentName: ctx.agent.name });
    }

    // The signature is meaningful: the same requests do not verify with another endpoint's secret.
    const otherSecret = (await createEndpoint(ctx.headers, receiver.url, ["billing.balance_low"])).secret;
    receiver.useSecret(otherSecret);
    await call(testRoute, { method: "POST", headers: ctx.headers, params: { id } });
    await waitFor(() => receiver.received.length >= 4, "the test event");
    expect(receiver.received[3]).toMatchObject({ verified: false, body: { type: "webhook.test" } });
    expect((await deliveriesOf(ctx.headers, id))[0]).toMatchObject({ eventType: "webhook.test", meeting: null, payload: receiver.received[3].body });
    await receiver.close();
  });

  it("a receiver that answers 500 gets the event once it recovers, with the same webhook-id", async () => {
    const receiver = await startReceiver();
    receiver.answer((n) => (n <= 2 ? "error" : "ok"));
    const { headers } = await createUser();
    const { id, secret } = await createEndpoint(headers, receiver.url, ["meeting.ended"]);
    receiver.useSecret(secret);
    await call(testRoute, { method: "POST", headers, params: { id } });

    await waitFor(async () => (await deliveriesOf(headers, id))[0]?.status === "succeeded", "the delivery to succeed");
    expect(receiver.received.map((r) => r.answer)).toEqual(["error", "error", "ok"]);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const [delivery] = await deliveriesOf(headers, id);
    expect(delivery).toMatchObject({ eventId: receiver.received[0].id, eventType: "webhook.test", status: "succeeded", attempts: 3, nextAttemptAt: null });
    expect(delivery.tries.map((t: { attempt: number; statusCode: number; error: string | null; manual: boolean }) => [t.attempt, t.statusCode, t.error, t.manual])).toEqual([
      [1, 500, "HTTP 500", false],
      [2, 500, "HTTP 500", false],
      [3, 200, null, false],
    ]);
    expect(delivery.tries[0].responseExcerpt).toBe("receiver is down for maintenance");
    expect(delivery.tries[2].responseExcerpt).toBe("thanks");
    await receiver.close();
  });

  it("a receiver that hangs gets the event again after the 10 s timeout, with the same webhook-id", async () => {
    const receiver = await startReceiver();
    receiver.answer((n) => (n === 1 ? "hang" : "ok"));
    const { headers } = await createUser();
    const { id, secret } = await createEndpoint(headers, receiver.url, ["meeting.ended"]);
    receiver.useSecret(secret);
    await call(testRoute, { method: "POST", headers, params: { id } });

    await waitFor(async () => (await deliveriesOf(headers, id))[0]?.status === "succeeded", "the delivery to succeed", 25_000);
    expect(receiver.received.map((r) => r.answer)).toEqual(["hang", "ok"]);
    expect(receiver.received[1].id).toBe(receiver.received[0].id);
    const [delivery] = await deliveriesOf(headers, id);
    expect(delivery.tries[0]).toMatchObject({ attempt: 1, statusCode: null, error: "No answer within 10 seconds" });
    expect(delivery.tries[0].latencyMs).toBeGreaterThanOrEqual(10_000);
    await receiver.close();
  }, 40_000);

  it("a receiver whose answer holds a NUL byte gets its delivery marked delivered, not stuck pending", async () => {
    const receiver = await startReceiver();
    receiver.answer(() => "nul");
    const { headers } = await createUser();
    const { id } = await createEndpoint(headers, receiver.url, ["meeting.ended"]);
    await call(testRoute, { method: "POST", headers, params: { id } });
    await waitFor(async () => (await deliveriesOf(headers, id))[0]?.status === "succeeded", "the delivery to succeed");
    const [delivery] = await deliveriesOf(headers, id);
    expect(delivery).toMatchObject({ attempts: 1, tries: [{ statusCode: 200, responseExcerpt: "ok\uFFFDthanks", error: null }] });
    await receiver.close();
  });

  it("a receiver that refuses connections gets the event once it is back, with the same webhook-id", async () => {
    const receiver = await startReceiver();
    const { headers } = await createUser();
    const { id, secret } = await createEndpoint(headers, receiver.url, ["meeting.ended"]);
    receiver.useSecret(secret);
    await receiver.shut();
    await call(testRoute, { method: "POST", headers, params: { id } });
    await waitFor(async () => (await deliveriesOf(headers, id))[0]?.tries.length >= 1, "a refused attempt");
    const [first] = await deliveriesOf(headers, id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, tries: [{ statusCode: null, error: "Connection refused" }] });
    expect(receiver.received).toEqual([]);

    await receiver.open();
    await waitFor(async () => (await deliveriesOf(headers, id))[0]?.status === "succeeded", "the delivery to succeed");
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ id: first.eventId, verified: true });
    await receiver.close();
  });

  it("loses no event across a worker restart: what happened while it was down, or failing, arrives afterwards", async () => {
    const receiver = await startReceiver();
    const ctx = await userWithAgent();
    const { id, secret } = await createEndpoint(ctx.headers, receiver.url, ["meeting.status_changed", "meeting.ended"]);
    receiver.useSecret(secret);
    await receiver.shut();

    // The worker is down while the meeting is created and stopped: the events wait in the outbox.
    await worker.stop();
    const meetingId = await joinMeeting(ctx);
    await call(stopRoute, { method: "POST", headers: ctx.headers, params: { id: meetingId } });
    const events = await db.apiEvent.findMany({ where: { meetingId }, select: { id: true, dispatchedAt: true } });
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.dispatchedAt === null)).toBe(true);

    // A worker relays them and fails against the refusing receiver, then goes away too.
    worker = await startWebhookWorker({ databaseUrl: process.env.DATABASE_URL! });
    await waitFor(async () => (await db.webhookAttempt.count({ where: { delivery: { endpointId: id } } })) >= 3, "three failed attempts");
    await worker.stop();

    await receiver.open();
    worker = await startWebhookWorker({ databaseUrl: process.env.DATABASE_URL! });
    await waitFor(async () => (await deliveriesOf(ctx.headers, id)).filter((d: { status: string }) => d.status === "succeeded").length === 3, "every delivery to succeed");
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set(events.map((e) => e.id)));
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    await receiver.close();
  });

  it("refuses private addresses: when the endpoint is added, and again when it is called", async () => {
    const receiver = await startReceiver();
    const { user, headers } = await createUser();
    const { id, secret } = await createEndpoint(headers, receiver.url, ["meeting.ended"]);
    receiver.useSecret(secret);
    delete process.env.ALLOW_PRIVATE_PROVIDER_URLS;
    try {
      for (const url of ["https://127.0.0.1/hook", "https://localhost:8443/hook", "https://10.1.2.3/hook", "https://[::1]/hook", "https://192.168.1.10/hook", "https://169.254.169.254/latest"]) {
        const res = await call(createWebhook, { headers, body: { url, events: ["meeting.ended"] } });
        expect(res.status, url).toBe(400);
        expect(res.body.message).toBe("That address points to a private network address");
      }
      const plain = await call(createWebhook, { headers, body: { url: "http://example.com/hook", events: ["meeting.ended"] } });
      expect(plain.body.message).toBe("The address must start with https://");
      expect(await db.webhookEndpoint.count({ where: { userId: user.id } })).toBe(1);

      // Saved while the operator allowed private addresses; now they are not: the attempt is refused.
      const sent = await call(testRoute, { method: "POST", headers, params: { id } });
      await waitFor(async () => (await deliveriesOf(headers, id))[0]?.tries.length >= 1, "the refused attempt");
      expect((await deliveriesOf(headers, id))[0].tries[0]).toMatchObject({ statusCode: null, error: "The address points to a private network address" });
      expect(receiver.received).toEqual([]);

      // Fence: the receiver was there all along, as redelivering with private addresses allowed shows.
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
      await call(redeliverRoute, { method: "POST", headers, params: { id, deliveryId: sent.body.id } });
      await waitFor(() => receiver.received.length >= 1, "the redelivery");
      // (The scheduled retry may arrive as well, now that it is allowed: the same event, the same id.)
      expect(receiver.received.every((r) => r.id === sent.body.eventId && r.verified)).toBe(true);
    } finally {
      process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
    }
    await receiver.close();
  });

  it("Send test event and Redeliver send the same webhook-id again; redeliveries are logged as manual", async () => {
    const receiver = await startReceiver();
    const { headers } = await createUser();
    const { id, secret } = await createEndpoint(headers, receiver.url, ["billing.balance_low"]);
    receiver.useSecret(secret);
    const sent = await call(testRoute, { method: "POST", headers, params: { id } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ eventType: "webhook.test", status: "pending", attempts: 0, tries: [] });
    await waitFor(() => receiver.received.length === 1, "the test event");
    expect(receiver.received[0].body).toMatchObject({ type: "webhook.test", data: { endpointId: id } });

    const again = await call(redeliverRoute, { method: "POST", headers, params: { id, deliveryId: sent.body.id } });
    expect(again.status).toBe(202);
    await waitFor(async () => (await deliveriesOf(headers, id))[0]?.tries.length === 2, "the redelivery");
    expect(receiver.received.map((r) => r.id)).toEqual([sent.body.eventId, sent.body.eventId]);
    expect((await deliveriesOf(headers, id))[0].tries.map((t: { manual: boolean }) => t.manual)).toEqual([false, true]);

    // A turned-off endpoint gets nothing: both buttons say why.
    await call(patchWebhook, { method: "PATCH", headers, params: { id }, body: { enabled: false } });
    for (const res of [await call(testRoute, { method: "POST", headers, params: { id } }), await call(redeliverRoute, { method: "POST", headers, params: { id, deliveryId: sent.body.id } })]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("The endpoint is turned off. Turn it on to send it events.");
    }
    await receiver.close();
  });

  it("one account's dead endpoints and backlog do not hold up another account's delivery (fair by owner)", async () => {
    // Account A: 20 endpoints that never answer (each attempt hangs until the 10 s timeout); the first
    // has a backlog of 150 events (a calendar import), then each of the other 19 gets one event, all
    // fanned out at once (one relay batch).
    // Account B: one healthy endpoint.
    const dead = await startReceiver();
    dead.answer(() => "hang");
    const good = await startReceiver();
    const a = await createUser();
    const endpoints = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.webhookEndpoint.create({ data: { userId: a.user.id, url: `${dead.url}?endpoint=${i}`, events: [i === 0 ? "calendar.event" : "billing.balance_low"], secretEnc: encryptSecret("whsec_dGVzdHRlc3R0ZXN0dGVzdA==") } }),
      ),
    );
    const mine = { delivery: { endpointId: { in: endpoints.map((e) => e.id) } } };
    try {
      const t0 = Date.now();
      const backlog = Array.from({ length: 150 }, (_, i) => ({ id: newEventId(), userId: a.user.id, type: "calendar.event", data: { n: i }, createdAt: new Date(t0 + i) }));
      await db.apiEvent.createMany({ data: [...backlog, { id: newEventId(), userId: a.user.id, type: "billing.balance_low", data: {}, createdAt: new Date(t0 + 1000) }] });
      await relayEvents(); // the worker's relay may take some of them: either way all are fanned out
      await waitFor(async () => (await db.webhookDelivery.count({ where: mine.delivery })) === 169, "169 deliveries");
      // The fence: A's attempts are in flight (hanging) before B's event exists.
      await waitFor(() => dead.received.length >= userConcurrency(), "account A's first attempts");

      const b = await createUser();
      const { id, secret } = await createEndpoint(b.headers, good.url, ["meeting.ended"]);
      good.useSecret(secret);
      await call(testRoute, { method: "POST", headers: b.headers, params: { id } });
      await waitFor(() => good.received.length === 1, "account B's test event");

      // B's event arrived while every attempt A had started was still hanging (none has ended, none
      // is recorded), and A never had more than its share in flight, whatever its backlog.
      expect(await db.webhookAttempt.count({ where: mine })).toBe(0);
      expect(dead.received.length).toBe(userConcurrency());
      // Endpoints take turns: A's share went to as many endpoints, not all to the one with the backlog.
      expect(new Set(dead.received.map((r) => r.url)).size).toBe(userConcurrency());
    } finally {
      await db.user.delete({ where: { id: a.user.id } }); // its jobs then find nothing to do
      await Promise.all([dead.close(), good.close()]);
    }
  });

  it("turns off an endpoint that has failed for 5 days and tells its owner by e-mail", async () => {
    const smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    const failing = await startReceiver();
    failing.answer(() => "error");
    const healthy = await startReceiver();
    const ctx = await userWithAgent();
    try {
      const broken = await createEndpoint(ctx.headers, failing.url, ["meeting.status_changed"]);
      const fine = await createEndpoint(ctx.headers, healthy.url, ["meeting.status_changed"]);
      // Set-up: its failures began five days ago.
      await db.webhookEndpoint.update({ where: { id: broken.id }, data: { failingSince: new Date(Date.now() - 5 * 24 * 3600_000 - 60_000) } });
      await call(testRoute, { method: "POST", headers: ctx.headers, params: { id: broken.id } });

      await waitFor(async () => !(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: broken.id } })).enabled, "the endpoint to be turned off");
      const endpoint = (await call(getWebhook, { headers: ctx.headers, params: { id: broken.id } })).body;
      expect(endpoint).toMatchObject({ enabled: false, disabledReason: "failing" });
      const [mail] = await waitFor(() => (smtp.to(ctx.user.email).length ? smtp.to(ctx.user.email) : null), "the e-mail");
      expect(mail.subject).toBe("A Cohost webhook endpoint was turned off");
      expect(mail.text).toContain(failing.url);

      // From now on it gets no events; the healthy endpoint of the same user still does (the fence).
      const before = failing.received.length;
      await joinMeeting(ctx);
      await waitFor(() => healthy.received.some((r) => r.body.type === "meeting.status_changed"), "the healthy endpoint's event");
      expect(await db.webhookDelivery.count({ where: { endpointId: broken.id, event: { type: "meeting.status_changed" } } })).toBe(0);
      expect(failing.received.length).toBe(before);

      // Turned on again, it starts afresh.
      const on = await call(patchWebhook, { method: "PATCH", headers: ctx.headers, params: { id: broken.id }, body: { enabled: true } });
      expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
      // The same events, relayed for the healthy endpoint in the same rounds, made its deliveries.
      expect(await db.webhookDelivery.count({ where: { endpointId: fine.id, event: { type: "meeting.status_changed" } } })).toBeGreaterThan(0);
    } finally {
      delete process.env.SMTP_URL;
      await Promise.all([smtp.close(), failing.close(), healthy.close()]);
    }
  });
});
