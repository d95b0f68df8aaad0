import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { validAgent } from "../test/agents/fixtures";
import { vcalendar, ZOOM } from "../test/calendar/ics";
import { test, expect } from "./fixtures";
import { E2E } from "./support/ports";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

/** Tomorrow (UTC) at the given hour: inside the list view's 30 days whatever the time of the run. */
function tomorrowAt(hour: number): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hour));
}

async function noSeriousViolations(page: Page) {
  // The calendar's actions raise toasts right before these checks: they are checked too.
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Fetches a feed like a calendar app: a fresh client without the user's session. */
async function fetchFeed(url: string) {
  const anonymous = await playwrightRequest.newContext();
  try {
    const res = await anonymous.get(url);
    return { status: res.status(), type: res.headers()["content-type"], text: await res.text() };
  } finally {
    await anonymous.dispose();
  }
}

test("upload an .ics, confirm an event, see its meeting scheduled, subscribe to the agent's feed", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Calendar helper", requireConfirmation: true }) });
  expect(created.status()).toBe(201);
  const agent = await created.json();

  await page.goto("/agents");
  await page.getByRole("link", { name: "Calendar of Calendar helper" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent Calendar" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Calendar helper’s calendar" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No calendar events yet" })).toBeVisible();

  // Two files at once: one calendar, one that is not: each gets its own outcome.
  const ics = vcalendar(
    [
      { uid: "review@e2e", start: tomorrowAt(10), title: "Design review", location: ZOOM, organizer: "grace@example.com" },
      { uid: "lunch@e2e", start: tomorrowAt(12), title: "Lunch", location: "Canteen" },
    ],
    "Work",
  );
  await page.getByLabel("Choose .ics files").setInputFiles([
    { name: "work.ics", mimeType: "text/calendar", buffer: Buffer.from(ics) },
    { name: "contacts.ics", mimeType: "text/calendar", buffer: Buffer.from("BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n") },
  ]);
  await expect(page.getByText("work.ics: imported")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "contacts.ics: This file is not a calendar. Choose an .ics file exported from your calendar app." })).toBeVisible();
  const calendars = page.getByRole("list", { name: "Your calendars" });
  await expect(calendars.getByText("Work", { exact: true })).toBeVisible();
  await expect(calendars.getByText(/Uploaded file · 1 event ·/)).toBeVisible();

  // The event without a link is not an agent event; the other waits for confirmation.
  await page.getByRole("tab", { name: "List" }).click();
  const row = page.getByRole("button", { name: /Design review/ });
  await expect(row).toContainText("Needs confirmation");
  await expect(page.getByRole("button", { name: /Lunch/ })).toHaveCount(0);
  await noSeriousViolations(page);

  await row.click();
  const dialog = page.getByRole("dialog", { name: "Design review" });
  await expect(dialog.getByText("This agent asks before it joins. Confirm to schedule its meeting.")).toBeVisible();
  await expect(dialog.getByText("grace@example.com")).toBeVisible();
  await noSeriousViolations(page);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Confirmed: Design review is scheduled for the agent", { exact: true })).toBeVisible();
  await expect(dialog.getByText("The agent joins this meeting.")).toBeVisible();
  await expect(dialog.getByText("Meeting scheduled")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Open meeting details" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("Confirmed");

  // Its meeting is scheduled, once.
  const meetings = await (await page.request.get(`/api/meetings?agent_id=${agent.id}`)).json();
  expect(meetings.meetings).toEqual([
    expect.objectContaining({ title: "Design review", meetingUrl: ZOOM, platform: "zoom", status: "scheduled", scheduledStart: tomorrowAt(10).toISOString() }),
  ]);

  // The agent's meetings as a feed calendar apps can subscribe to, without a session.
  await page.getByRole("button", { name: "Create address" }).click();
  const address = page.getByLabel("Private calendar address");
  await expect(address).toHaveValue(new RegExp(`^${E2E.appUrl}/api/feeds/[A-Za-z0-9_-]{43}\\.ics$`));
  const firstUrl = await address.inputValue();
  await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute("href", `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(firstUrl.replace("http://", "webcal://"))}`);
  const feed = await fetchFeed(firstUrl);
  expect(feed.status).toBe(200);
  expect(feed.type).toBe("text/calendar; charset=utf-8");
  expect(feed.text).toContain("SUMMARY:Design review");
  expect(feed.text).toContain(`UID:meeting-${meetings.meetings[0].id}@cohost`);

  // A new address kills the old one at once.
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "New address" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "New address" }).click();
  await expect(address).not.toHaveValue(firstUrl);
  expect((await fetchFeed(firstUrl)).status).toBe(404);
  expect((await fetchFeed(await address.inputValue())).status).toBe(200);

  // Subscribing to an address inside our own network is refused, with the reason under the field.
  await page.getByLabel("Calendar address (iCal)").fill("http://localhost:8080/calendar.ics");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("That address points to a private network address")).toBeVisible();

  // The overall calendar shows the event with its agent.
  await page.getByRole("link", { name: "All calendars" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await page.getByRole("tab", { name: "List" }).click();
  await expect(page.getByRole("button", { name: /Design review/ })).toContainText("Calendar helper");
  await page.getByRole("tab", { name: "Month" }).click();
  await expect(page.getByRole("table")).toBeVisible();
  await noSeriousViolations(page);
});

test("the calendar fits a 390 px phone and its views work from the keyboard", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Phone agent" }) });
  const agent = await created.json();
  const upload = await page.request.post("/api/calendars", {
    multipart: {
      agentId: agent.id,
      file: { name: "phone.ics", mimeType: "text/calendar", buffer: Buffer.from(vcalendar([{ uid: "p@e2e", start: tomorrowAt(9), title: "Phone sync", location: ZOOM }])) },
    },
  });
  expect(upload.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/agents/${agent.id}/calendar`);
  await expect(page.getByRole("tab", { name: "Month" })).toHaveAttribute("aria-selected", "true");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Arrow keys move between the views (Radix tabs), Enter opens an event.
  await page.getByRole("tab", { name: "Month" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Week" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: /Phone sync/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Phone sync" })).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Meeting scheduled")).toBeVisible();
});
