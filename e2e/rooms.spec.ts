import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, sql } from "./fixtures";
import { joinRoom } from "./support/agent-room";
import { launchPerson, SILENCE_WAV, SPEECH_WAV } from "./support/media";
import { E2E } from "./support/ports";

// The test room as people use it: a link from POST /api/rooms, a public page, a WebRTC call between
// real browsers whose fake microphones play fixture audio, and the live transcript.

async function newRoom(page: Page): Promise<{ id: string; url: string }> {
  const res = await page.request.post("/api/rooms");
  expect(res.status()).toBe(201);
  return res.json();
}

const roster = (page: Page) => page.getByRole("list", { name: "In the room" });
const meter = (page: Page, name: string) => page.getByRole("meter", { name: `Audio level of ${name}` });

async function peakLevel(page: Page, name: string, ms: number): Promise<number> {
  let peak = 0;
  for (const end = Date.now() + ms; Date.now() < end; ) {
    peak = Math.max(peak, Number(await meter(page, name).getAttribute("aria-valuenow")));
    await page.waitForTimeout(100);
  }
  return peak;
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

test("a signed-in user makes a room; anyone with the link can open it; an unknown link says so", async ({ signedIn: page, browser }) => {
  const room = await newRoom(page);
  expect(room.url).toBe(`${E2E.appUrl}/rooms/${room.id}`);
  expect(room.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

  await page.goto(room.url);
  await expect(page.getByRole("heading", { level: 1, name: "Test room" })).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Ada Lovelace");
  await expect(page).toHaveTitle("Test room · Cohost");

  // Signed out: the page is open to the link (no sign-in redirect), the name is empty.
  const stranger = await browser.newContext({ baseURL: E2E.appUrl });
  const anon = await stranger.newPage();
  await anon.goto(room.url);
  await expect(anon).toHaveURL(room.url);
  await expect(anon.getByLabel("Your name")).toHaveValue("");
  await anon.getByRole("button", { name: "Join" }).click();
  await expect(anon.getByText("Enter your name")).toBeVisible();

  const missing = await anon.goto("/rooms/AAAAAAAAAAAAAAAAAAAAAA");
  expect(missing?.status()).toBe(404);
  await expect(anon.getByRole("heading", { name: "This room does not exist" })).toBeVisible();
  await anon.goto("/rooms/nonsense");
  await expect(anon.getByRole("heading", { name: "This room does not exist" })).toBeVisible();

  // An expired room is gone as well.
  await sql(`UPDATE "Room" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [room.id]);
  await anon.goto(room.url);
  await expect(anon.getByRole("heading", { name: "This room does not exist" })).toBeVisible();
  expect((await anon.request.post(`${E2E.appUrl}/api/rooms`)).status()).toBe(401);
  await stranger.close();
});

test("two people talk: who is in the room, who speaks, the live transcript, mute, leave, a closed tab", async ({ signedIn: page, user }) => {
  test.setTimeout(120_000);
  const room = await newRoom(page);
  const talker = await launchPerson({ wav: SPEECH_WAV });
  const listener = await launchPerson({ wav: SILENCE_WAV });
  try {
    const ada = await joinRoom(talker, room.url, "Ada");
    const bob = await joinRoom(listener, room.url, "Bob");
    for (const p of [ada, bob]) {
      await expect(roster(p).getByRole("listitem")).toHaveCount(2);
      await expect(p.getByText("2 people")).toBeVisible();
    }
    await expect(roster(ada).getByRole("listitem").filter({ hasText: "Bob" })).not.toContainText("Connecting…", { timeout: 15_000 });

    // Ada's microphone plays speech: Bob hears her and sees her speaking; Bob's silence stays silent.
    await expect(roster(bob).getByRole("listitem").filter({ hasText: "Ada" })).toContainText("Speaking", { timeout: 15_000 });
    expect(await peakLevel(bob, "Ada", 4000)).toBeGreaterThan(40);
    expect(await peakLevel(ada, "Bob", 1500)).toBeLessThan(10);

    // The transcript of a meeting held in this room shows up live on both pages.
    const [meeting] = await sql<{ id: string }>(
      `INSERT INTO "Meeting" (id, "userId", "meetingUrl", platform, status, "scheduledStart", "updatedAt")
       VALUES ('mtg-' || md5(random()::text), $1, $2, 'room', 'in_progress', now(), now()) RETURNING id`,
      [user.id, room.url],
    );
    await sql(`INSERT INTO "TranscriptSegment" (id, "meetingId", speaker, "isAgent", text, "startMs", "endMs") VALUES ('seg-' || md5(random()::text), $1, 'Ada', false, 'Hey Cohost, what is on the agenda?', 0, 1800)`, [meeting.id]);
    await sql(`INSERT INTO "TranscriptSegment" (id, "meetingId", speaker, "isAgent", text, "startMs", "endMs") VALUES ('seg-' || md5(random()::text), $1, 'Cohost', true, 'Two items: the launch and the budget.', 2000, 4000)`, [meeting.id]);
    for (const p of [ada, bob]) {
      const log = p.getByRole("log", { name: "Live transcript" });
      await expect(log.getByRole("listitem")).toHaveCount(2);
      await expect(log.getByRole("listitem").last()).toContainText("Cohost");
      await expect(log.getByRole("listitem").last()).toContainText("Agent");
      await expect(log.getByRole("listitem").last()).toContainText("Two items: the launch and the budget.");
    }

    // Muted, Ada goes quiet for Bob.
    await ada.getByRole("button", { name: "Mute" }).click();
    await expect(ada.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
    await expect(ada.getByText("Your microphone is muted")).toBeVisible();
    await expect(roster(bob).getByRole("listitem").filter({ hasText: "Ada" })).not.toContainText("Speaking", { timeout: 10_000 });
    expect(await peakLevel(bob, "Ada", 3000)).toBeLessThan(10);

    // Leave: Bob is out at once and can come back.
    await bob.getByRole("button", { name: "Leave" }).click();
    await expect(bob.getByText("You left the room.")).toBeVisible();
    await expect(roster(ada).getByRole("listitem")).toHaveCount(1);
    await bob.getByRole("button", { name: "Join again" }).click();
    await bob.getByRole("button", { name: "Join" }).click();
    await expect(roster(ada).getByRole("listitem")).toHaveCount(2);

    // Ada closes her tab: she disappears from Bob's page within seconds.
    await ada.context().close();
    await expect(roster(bob).getByRole("listitem")).toHaveCount(1, { timeout: 10_000 });
    await expect(roster(bob)).toContainText("Bob");
  } finally {
    await talker.close();
    await listener.close();
  }
});

test("a blocked microphone is explained in plain words, and one can join to listen only", async ({ signedIn: page }) => {
  const room = await newRoom(page);
  const blocked = await launchPerson();
  try {
    const context = await blocked.newContext({ baseURL: E2E.appUrl });
    const p = await context.newPage();
    // The browser refuses the microphone the way it does for a site the person blocked.
    await p.route(room.url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), "permissions-policy": "microphone=()" } });
    });
    await p.goto(room.url);
    await p.getByLabel("Your name").fill("Cy");
    await p.getByRole("button", { name: "Join" }).click();
    await expect(p.getByText("Your browser is not letting this page use your microphone.")).toBeVisible();
    await p.getByRole("button", { name: "Join without microphone" }).click();
    await expect(roster(p).getByRole("listitem")).toContainText("Listening only");
    await expect(p.getByRole("button", { name: "Mute" })).toHaveCount(0);
  } finally {
    await blocked.close();
  }
});

test("the room fits a phone and has no serious accessibility violations", async ({ signedIn: page }) => {
  const room = await newRoom(page);
  const person = await launchPerson({ wav: SILENCE_WAV });
  try {
    const context = await person.newContext({ baseURL: E2E.appUrl, viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
    const p = await context.newPage();
    const check = async () => {
      const results = await new AxeBuilder({ page: p }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    };
    await p.goto(room.url);
    await check();
    await p.getByLabel("Your name").fill("Dee, with a rather long name for a small screen");
    await p.getByRole("button", { name: "Join" }).click();
    await expect(p.getByRole("button", { name: "Leave" })).toBeVisible();
    await check();
    await p.goto("/rooms/AAAAAAAAAAAAAAAAAAAAAA");
    await check();
  } finally {
    await person.close();
  }
});
