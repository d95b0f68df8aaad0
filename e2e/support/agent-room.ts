import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, createAgentViaApi, signInAs, sql, type TestUser } from "../fixtures";
import { launchPerson } from "./media";
import { E2E } from "./ports";

// An agent in a test room with a person, for the specs that drive the whole path (agent-room.spec.ts,
// faults/bot-runtime.fault.ts): the agent sent in, the person joining, the meeting's details as its
// page reads them. The voice fakes and the person's microphone: support/voice.ts.

export interface Details {
  status: string;
  statusReason: string | null;
  transcript: { speaker: string; isAgent: boolean; text: string; interrupted: boolean; chat: boolean }[];
  usage: { billedMinutes: number; costUsd: number; providers: { kind: string }[] };
  turns: { voiceToVoiceMs: number | null }[];
  events: { fromStatus: string; toStatus: string; reason: string | null; data: unknown; createdAt: string }[];
}

export async function details(request: APIRequestContext, id: string): Promise<Details> {
  return (await request.get(`/api/meetings/${id}/details`)).json();
}

export async function waitFor(request: APIRequestContext, id: string, what: string, ok: (d: Details) => boolean, timeout = 60_000): Promise<Details> {
  let last: Details | undefined;
  await expect
    .poll(
      async () => {
        last = await details(request, id);
        // The status travels with the answer, so a time-out says where the meeting got stuck.
        return ok(last) || `${last.status}/${last.statusReason}`;
      },
      { timeout, message: `waiting for ${what}` },
    )
    .toBe(true);
  return last!;
}

/**
 * The agents of these tests wait 800 ms of silence before a question counts as asked (Deepgram's
 * `endpointing`, 300 by default): on a loaded machine the call's audio between two Chromiums can
 * drop a few frames inside a spoken question, and a 140 ms pause between its words then reached the
 * STT as 300 ms of silence: two utterances, the second cutting the answer to the first short.
 */
const PATIENT_STT = { sttExtraParams: { endpointing: 800 } };

/** An agent sent into a fresh test room (`prepare` runs between creating and sending it); resolves once its bot is in the room. */
export async function agentInRoom(page: Page, agent: Record<string, unknown> = {}, prepare?: (agentId: string) => Promise<void>) {
  const created = await createAgentViaApi(page.request, { name: "Cohost", wakeWord: "hey cohost", ...PATIENT_STT, ...agent });
  await prepare?.(created.id);
  const room = (await (await page.request.post("/api/rooms")).json()) as { id: string; url: string };
  const res = await page.request.post("/api/meetings/join", { data: { agentId: created.id, meetingUrl: room.url, title: "Room check" } });
  expect(res.status(), await res.text()).toBe(201);
  const meeting = (await res.json()) as { id: string; platform: string };
  expect(meeting.platform).toBe("room");
  await waitFor(page.request, meeting.id, "the bot to be in the room", (d) => d.status === "in_progress");
  return { agent: created, room, meetingId: meeting.id };
}

/**
 * Someone opens the room's link in `browser` (a person's, support/media.ts `launchPerson`: the
 * microphone allowed at the prompt) and joins under `name`, signed in as `account` if given;
 * resolves once they are in the call.
 */
export async function joinRoom(browser: Browser, url: string, name: string, account?: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.appUrl });
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  if (account) await signInAs(context.request, account);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByRole("button", { name: "Leave" })).toBeVisible();
  return page;
}

/** A person joins the room with `wav` as their microphone and sees the agent there. */
export async function personJoins(url: string, wav: string, name = "Grace") {
  const browser: Browser = await launchPerson({ wav });
  const page = await joinRoom(browser, url, name);
  await expect(page.getByRole("list", { name: "In the room" }).getByRole("listitem").filter({ hasText: "Cohost" })).toBeVisible();
  return { browser, page };
}

/** A meeting's status changes as the database has them (its timeline), oldest first; `slot`: another stack's. */
export interface MeetingEvent {
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  at: number;
}

export async function meetingEvents(meetingId: string, slot?: number): Promise<MeetingEvent[]> {
  const rows = await sql<{ fromStatus: string | null; toStatus: string; reason: string | null; createdAt: Date }>(
    `SELECT "fromStatus", "toStatus", reason, "createdAt" FROM "MeetingEvent" WHERE "meetingId" = $1 ORDER BY "createdAt", id`,
    [meetingId],
    slot,
  );
  return rows.map((r) => ({ fromStatus: r.fromStatus, toStatus: r.toStatus, reason: r.reason, at: r.createdAt.getTime() }));
}
