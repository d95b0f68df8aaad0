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

/** Errors and warnings the page logs (next-intl reports a missing time zone as ENVIRONMENT_FALLBACK). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
  });
  return problems;
}

// Google Meet's joining block, as Google Calendar writes it into an invitation's description.
const MEET_BLOCK = "-::~:~::~:~:~:~:~:~:~:~:~::~:~::-\\nJoin with Google Meet: https://meet.google.com/xkq-wbnr-tpa\\n\\nPlease do not edit this section.\\n-::~:~::~:~:~:~:~:~:~:~:~::~:~::-";

test("upload an .ics, confirm an event, see its meeting scheduled, subscribe to the agent's feed", async ({ signedIn: page }) => {
  const problems = consoleProblems(page);
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
      { uid: "review@e2e", start: tomorrowAt(10), title: "Design review", location: ZOOM, organizer: "grace@example.com", description: `Walk through the new screens.\\n\\n${MEET_BLOCK}` },
      { uid: "lunch@e2e", start: tomorrowAt(12), title: "Lunch", location: "Canteen" },
    ],
    "Work",
  );
  await page.getByLabel("Choose .ics files").setInputFiles([
    { name: "work.ics", mimeType: "text/calendar", buffer: Buffer.from(ics) },
    { name: "contacts.ics", mimeType: "text/calendar", buffer: Buffer.from("BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n") },
  ]);
  // Each file is sent, then imported by the jobs process; the page follows both.
  await expect(page.getByText("work.ics: imported")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "contacts.ics: This file is not a calendar. Choose an .ics file exported from your calendar app." })).toBeVisible();
  const calendars = page.getByRole("list", { name: "Your calendars" });
  await expect(calendars.getByText("Work", { exact: true })).toBeVisible();
  await expect(calendars.getByText(/Uploaded file · 1 event ·/)).toBeVisible();
  // What was left out, and why (issue 31): Lunch has no meeting link.
  await expect(calendars.getByText("1 event not imported: 1 has no meeting link.")).toBeVisible();

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
  // The organiser's words, without the platform's joining instructions (the link is shown on its own).
  await expect(dialog.getByText("Walk through the new screens.", { exact: true })).toBeVisible();
  await expect(dialog).not.toContainText("-::~");
  await expect(dialog).not.toContainText("Please do not edit this section");
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

  // Hidden and shown again: the same address (kept encrypted), so subscriptions keep working.
  await page.getByRole("button", { name: "Hide address" }).click();
  await expect(address).toHaveCount(0);
  await page.reload();
  await page.getByRole("button", { name: "Show address" }).click();
  await expect(address).toHaveValue(firstUrl);
  await noSeriousViolations(page);

  // A new address kills the old one at once.
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
  expect(problems.filter((p) => /ENVIRONMENT_FALLBACK|timeZone/.test(p))).toEqual([]);
});

test("the calendar fits a 390 px phone and its views work from the keyboard", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Phone agent" }) });
  const agent = await created.json();
  const upload = await page.request.post("/api/calendars", {
    multipart: {
      agentId: agent.id,
      file: { name: "phone.ics", mimeType: "text/calendar", buffer: Buffer.from(vcalendar([{ uid: "p@e2e", start: tomorrowAt(9), title: "Phone sync with the design and research teams", location: ZOOM }])) },
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
  // The list fits too: a long title moves under the time (not cut to a letter) and does not widen the page.
  const title = page.getByRole("tabpanel", { name: "List" }).getByText("Phone sync with the design and research teams");
  expect((await title.boundingBox())!.width).toBeGreaterThan(150);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: /Phone sync/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Phone sync with the design and research teams" })).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Meeting scheduled")).toBeVisible();
});

test("after moving a week forward, List starts on that week's Monday with its events", async ({ signedIn: page }) => {
  expect((await page.request.post("/api/agents", { data: validAgent({ name: "Planner" }) })).status()).toBe(201);
  // An event on every day of next week (10:00 local time of the browser, which runs in UTC here).
  const monday = new Date();
  monday.setUTCHours(10, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + 7);
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const events = days.map((d, i) => ({ uid: `${d}@e2e`, start: new Date(monday.getTime() + i * 86_400_000), title: `${d} sync`, location: ZOOM }));
  // And one without a title on Wednesday afternoon: named after its meeting, as meetings are.
  events.push({ uid: "untitled@e2e", start: new Date(monday.getTime() + 2 * 86_400_000 + 5 * 3600_000), title: "", location: ZOOM });

  await page.goto("/agents");
  await page.getByRole("link", { name: "Calendar of Planner" }).click();
  await page.getByLabel("Choose .ics files").setInputFiles([{ name: "week.ics", mimeType: "text/calendar", buffer: Buffer.from(vcalendar(events, "Week")) }]);
  await expect(page.getByText("week.ics: imported")).toBeVisible();

  await page.getByRole("tab", { name: "Week" }).click();
  await page.getByRole("button", { name: "Next week" }).click();
  for (const d of days) await expect(page.getByRole("button", { name: new RegExp(`${d} sync`) })).toBeVisible();
  await expect(page.getByRole("button", { name: /Zoom meeting 852 1234 5678/ })).toBeVisible();
  await page.getByRole("tab", { name: "List" }).click();
  // The same seven days are still in view, Monday first.
  const list = page.getByRole("tabpanel", { name: "List" });
  for (const d of days) await expect(list.getByRole("button", { name: new RegExp(`${d} sync`) })).toBeVisible();
  await list.getByRole("button", { name: /Zoom meeting 852 1234 5678/ }).click();
  await expect(page.getByRole("dialog", { name: "Zoom meeting 852 1234 5678" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list.getByRole("heading").first()).toContainText("Monday");
  // And back to Week: the same week.
  await page.getByRole("tab", { name: "Week" }).click();
  await expect(page.getByRole("button", { name: /Mon sync/ })).toBeVisible();
});

test("delete an event, then Undo brings it back with its meeting", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Undo agent" }) });
  const agent = await created.json();
  await page.goto("/agents");
  await page.getByRole("link", { name: "Calendar of Undo agent" }).click();
  await page.getByLabel("Choose .ics files").setInputFiles([
    { name: "one.ics", mimeType: "text/calendar", buffer: Buffer.from(vcalendar([{ uid: "undo@e2e", start: tomorrowAt(11), title: "Board meeting", location: ZOOM }])) },
  ]);
  await expect(page.getByText("one.ics: imported")).toBeVisible();
  await page.getByRole("tab", { name: "List" }).click();
  await page.getByRole("button", { name: /Board meeting/ }).click();
  const dialog = page.getByRole("dialog", { name: "Board meeting" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this event?" }).getByRole("button", { name: "Delete" }).click();

  const notice = page.getByRole("status").filter({ hasText: "Deleted: Board meeting" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: /Board meeting/ })).toHaveCount(0);
  // The dialog's trigger is gone: focus waits on Undo.
  await expect(notice.getByRole("button", { name: "Undo" })).toBeFocused();
  await noSeriousViolations(page);
  const meetingsOf = async () => (await (await page.request.get(`/api/meetings?agent_id=${agent.id}`)).json()).meetings as { status: string }[];
  expect((await meetingsOf()).map((m) => m.status)).toEqual(["cancelled"]);

  await page.keyboard.press("Enter");
  await expect(page.getByText("Restored: Board meeting", { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.getByRole("button", { name: /Board meeting/ }).click();
  await expect(page.getByRole("dialog", { name: "Board meeting" }).getByText("Meeting scheduled")).toBeVisible();
  expect((await meetingsOf()).map((m) => m.status).sort()).toEqual(["cancelled", "scheduled"]);
});

test("at 1280 px a month cell shows the event's title, not a few letters of it", async ({ signedIn: page }) => {
  expect((await page.request.post("/api/agents", { data: validAgent({ name: "Wide agent" }) })).status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/agents");
  await page.getByRole("link", { name: "Calendar of Wide agent" }).click();
  await page.getByLabel("Choose .ics files").setInputFiles([
    { name: "wide.ics", mimeType: "text/calendar", buffer: Buffer.from(vcalendar([{ uid: "wide@e2e", start: tomorrowAt(9), title: "Design review", location: ZOOM }])) },
  ]);
  await expect(page.getByText("wide.ics: imported")).toBeVisible();
  // Tomorrow may be in the next month (decided by the date: the chip may not be drawn yet right
  // after "imported", so its absence says nothing).
  const chip = page.getByRole("table").getByRole("button", { name: /Design review/ });
  if (tomorrowAt(9).getUTCMonth() !== new Date().getUTCMonth()) await page.getByRole("button", { name: "Next month" }).click();
  await expect(chip).toBeVisible();
  const title = chip.getByText("Design review");
  await expect(title).toBeVisible();
  // Not cut: the whole title fits its box.
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
