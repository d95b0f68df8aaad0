import type { Page } from "@playwright/test";
import { test, expect, createAgentViaApi, topUp } from "./fixtures";
import { agentInRoom, details, personJoins, waitFor } from "./support/agent-room";
import { SILENCE_WAV } from "./support/media";
import { E2E } from "./support/ports";

// An agent's leaving rules (docs/bots.md, "Leaving rules"): set in the agent form's Leaving section,
// applied by the bot in Cohost's test room through the whole stack (the worker `npm start` runs),
// each leave naming its rule on the meeting's page; billing stops when the rule fires.

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

/** The meeting's page, reached from the meetings list's past meetings. */
async function openPastMeeting(page: Page, title: string) {
  await page.goto("/meetings");
  await page.getByRole("tab", { name: "Past" }).click();
  await page.getByRole("table").getByRole("link", { name: title }).first().click();
}

/** How long the agent was in (the details carry the meeting's start and end). */
const timeIn = (d: object) => {
  const { startedAt, endedAt } = d as { startedAt: string; endedAt: string };
  return Date.parse(endedAt) - Date.parse(startedAt);
};

/** Billed: one tick per started billing interval of the time in the room until the rule fired, never more. */
function expectBilledForTimeIn(d: { usage: { billedMinutes: number } }) {
  const started = Math.ceil(timeIn(d) / E2E.billingIntervalMs);
  expect(d.usage.billedMinutes).toBeGreaterThanOrEqual(1);
  expect(d.usage.billedMinutes).toBeLessThanOrEqual(started);
}

test("the Leaving section: the anchors' defaults, each limit in its unit, errors under their fields, kept on save; usable at phone width", async ({ signedIn: page }) => {
  await createAgentViaApi(page.request, { name: "Scribe" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agents");
  await page.getByRole("link", { name: /^Edit/ }).first().click();
  await expect(page.getByRole("heading", { name: "Leaving", exact: true })).toBeVisible();
  const nobody = page.getByLabel("Leave when nobody joined within (minutes)");
  const alone = page.getByLabel("Leave when alone for (seconds)");
  const keywords = page.getByLabel("Other bots: names containing");
  const silence = page.getByLabel("Leave when nobody has said anything for a while");
  await expect(nobody).toHaveValue("10");
  await expect(alone).toHaveValue("60");
  await expect(keywords).toHaveValue(/^bot, notetaker, note taker, otter/);
  await expect(silence).toBeChecked();
  await expect(page.getByLabel("Silence for (minutes)")).toHaveValue("10");
  await expect(page.getByLabel("Grace period (minutes)")).toHaveValue("20");
  await expect(page.getByLabel("Maximum duration (minutes)")).toHaveValue("240");
  await expect(page.getByLabel("Waiting room timeout (minutes)")).toHaveValue("15");

  // Keyboard only: from the alone field, typed values; a limit out of range is named under its field.
  await alone.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("0");
  await nobody.fill("5");
  await keywords.fill("bot, otter, Scribe Notetaker");
  await silence.press("Space");
  await expect(page.getByLabel("Silence for (minutes)")).toHaveCount(0);
  await page.getByLabel("Waiting room timeout (minutes)").fill("2,5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(alone).toBeFocused();
  await expect(alone).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Enter a number from 1 to 14400 seconds." })).toBeVisible();
  await alone.fill("45");
  await expect(alone).not.toHaveAttribute("aria-invalid");
  // Nothing sticks out sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Scrolled to the page's end the save bar sits above the footer: toasts (they rise from the bottom on
  // phones) still stay above it, so the error toast never lies over Save.
  // (A person scrolls on until the page ends.)
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 5000);
      return page.evaluate(() => {
        const toasts = document.querySelector('[role="region"][aria-label^="Notifications"] ol')?.getBoundingClientRect();
        const bar = document.querySelector("[data-sticky-actions]")!.getBoundingClientRect();
        return { atEnd: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight, toastsEndAboveBar: toasts ? toasts.bottom <= bar.top : "no toast region" };
      });
    })
    .toEqual({ atEnd: true, toastsEndAboveBar: true });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/agents$/);

  const agent = (await (await page.request.get("/api/agents")).json())[0] as { leaving: Record<string, unknown> };
  expect(agent.leaving).toEqual({
    nobodyJoinedSeconds: 300,
    aloneSeconds: 45,
    botKeywords: ["bot", "otter", "scribe notetaker"],
    silenceSeconds: 0,
    silenceGraceSeconds: 1200,
    maxDurationSeconds: 14_400,
    waitingRoomSeconds: 150,
  });
  await page.getByRole("link", { name: /^Edit/ }).first().click();
  await expect(page.getByLabel("Leave when alone for (seconds)")).toHaveValue("45");
  await expect(page.getByLabel("Leave when nobody has said anything for a while")).not.toBeChecked();
  await expect(page.getByLabel("Waiting room timeout (minutes)")).toHaveValue("2.5");
});

test("nobody joined: the agent leaves the room after the agent's own limit, says so on the meeting's page, and billing stops there", async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  await topUp(page.request, 10);
  const agent = await createAgentViaApi(page.request, { name: "Cohost", leaving: { nobodyJoinedSeconds: 4 } });
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  const res = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: room.url, title: "Empty room" } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  // The room's own cap is 2 minutes: 4 s is the agent's rule.
  const d = await waitFor(page.request, id, "the agent to leave the empty room", (x) => x.status === "completed", 60_000);
  expect(d.statusReason).toBe("nobody_joined");
  expect(d.events.at(-1)).toMatchObject({ toStatus: "completed", reason: "nobody_joined", data: { rule: "nobody_joined", limitSeconds: 4 } });
  expectBilledForTimeIn(d);

  await openPastMeeting(page, "Empty room");
  await expect(page.getByText("Leaving rule: nobody joined (4 seconds), set on the agent.")).toBeVisible();
  await expect(page.getByText("Nobody joined, so the agent left to stop the charges.").first()).toBeVisible();
});

test("alone: another notetaker staying does not keep the agent; it leaves after its limit once the last person went", async ({ signedIn: page }) => {
  test.setTimeout(180_000);
  await topUp(page.request, 10);
  const { room, meetingId } = await agentInRoom(page, { leaving: { aloneSeconds: 3 } });
  const grace = await personJoins(room.url, SILENCE_WAV, "Grace");
  const notetaker = await personJoins(room.url, SILENCE_WAV, "Fireflies Notetaker");
  try {
    const roster = notetaker.page.getByRole("list", { name: "In the room" }).getByRole("listitem");
    await expect(roster).toHaveCount(3);
    expect((await details(page.request, meetingId)).status).toBe("in_progress");
    await grace.page.getByRole("button", { name: "Leave" }).click();
    const d = await waitFor(page.request, meetingId, "the agent to leave with only a bot left", (x) => x.status === "completed", 60_000);
    expect(d.statusReason).toBe("alone");
    expect(d.events.at(-1)).toMatchObject({ reason: "alone", data: { rule: "alone", limitSeconds: 3 } });
    // The notetaker is still in the room: the agent left it anyway.
    await expect(roster.filter({ hasText: "Cohost" })).toContainText("Cohost (left)", { timeout: 20_000 });
    await expect(roster.filter({ hasText: "Fireflies Notetaker" })).toHaveCount(1);
    expectBilledForTimeIn(d);
  } finally {
    await grace.browser.close();
    await notetaker.browser.close();
  }
  await openPastMeeting(page, "Room check");
  await expect(page.getByText("Leaving rule: alone (3 seconds), set on the agent.")).toBeVisible();
});

test("silence: with a person there who says nothing, the agent leaves once the grace period is over", async ({ signedIn: page }) => {
  test.setTimeout(180_000);
  await topUp(page.request, 10);
  const { room, meetingId } = await agentInRoom(page, { leaving: { silenceSeconds: 4, silenceGraceSeconds: 20 } });
  const grace = await personJoins(room.url, SILENCE_WAV, "Grace");
  try {
    const d = await waitFor(page.request, meetingId, "the agent to leave the silent room", (x) => x.status === "completed", 60_000);
    expect(d.statusReason).toBe("silence");
    expect(d.events.at(-1)).toMatchObject({ reason: "silence", data: { rule: "silence", limitSeconds: 4 } });
    // Grace was there all along: it was the silence, not an empty room.
    await expect(grace.page.getByRole("list", { name: "In the room" }).getByRole("listitem").filter({ hasText: "Cohost" })).toContainText("Cohost (left)", { timeout: 20_000 });
    expect(timeIn(d)).toBeGreaterThanOrEqual(20_000);
  } finally {
    await grace.browser.close();
  }
  await openPastMeeting(page, "Room check");
  await expect(page.getByText("Leaving rule: silence (4 seconds), set on the agent.")).toBeVisible();
  await expect(page.getByText("Nobody said anything for a long while, so the agent left.").first()).toBeVisible();
});
