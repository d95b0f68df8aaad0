import { validAgent } from "../test/agents/fixtures";
import { test, expect } from "./fixtures";
import { E2E } from "./support/ports";

// Which meetings the agent joins (issue 28), as a person: connect Google Calendar through the consent
// page, choose "Only events I accepted", see an invitation they declined marked "Cohost won't join:
// you declined", switch it on for that one event and see "Cohost will join"; at phone width too.

const control = (path: string, body: unknown = {}) => fetch(`http://127.0.0.1:${E2E.calendarFakesPort}/__control/google/${path}`, { method: "POST", body: JSON.stringify(body) });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

function inDaysAt(days: number, hour: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour)).toISOString();
}

test("only events I accepted: a declined invitation is not joined until switched on for that event", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Rules helper" }) });
  expect(created.status()).toBe(201);
  const stamp = Date.now();
  const me = "grace.hopper@example.test";
  await control("put", [
    { id: `own${stamp}`, summary: `Roadmap ${stamp}`, start: { dateTime: inDaysAt(1, 9) }, end: { dateTime: inDaysAt(1, 10) }, hangoutLink: "https://meet.google.com/rul-esro-adm", organizer: { email: me } },
    {
      id: `pitch${stamp}`,
      summary: `Vendor pitch ${stamp}`,
      start: { dateTime: inDaysAt(1, 13) },
      end: { dateTime: inDaysAt(1, 14) },
      hangoutLink: "https://meet.google.com/rul-esve-ndr",
      organizer: { email: "vendor@example.test" },
      attendees: [{ email: "vendor@example.test", responseStatus: "accepted" }, { email: me, responseStatus: "declined" }],
    },
  ]);

  await page.goto("/");
  await page.getByRole("link", { name: "Calendar", exact: true }).first().click();
  await page.getByRole("link", { name: "Connect Google Calendar" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  const calendars = page.getByRole("list", { name: "Your calendars" });
  await expect(calendars.getByText("Google · grace.hopper@example.test")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("tab", { name: "List" }).click();
  const pitch = page.getByRole("button", { name: new RegExp(`Vendor pitch ${stamp}`) });
  await expect(pitch).toContainText("Cohost will join", { timeout: 20_000 });

  // The rule, on the connected calendar.
  const rule = calendars.getByRole("form", { name: "Which meetings the agent joins from Google · grace.hopper@example.test" });
  await rule.getByLabel("Which meetings the agent joins").selectOption({ label: "Only events I accepted" });
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. The events of Google · grace.hopper@example.test follow the new rule.", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(pitch).toContainText("Cohost won't join: you declined", { timeout: 20_000 });
  await expect(page.getByRole("button", { name: new RegExp(`Roadmap ${stamp}`) })).toContainText("Cohost will join");

  // Switched on for this one event.
  await pitch.click();
  const details = page.getByRole("dialog", { name: `Vendor pitch ${stamp}` });
  await expect(details.getByText("Cohost won't join: you declined")).toBeVisible();
  await details.getByRole("button", { name: "Join this one" }).click();
  await expect(details.getByText("Cohost will join")).toBeVisible();
  await expect(details.getByRole("button", { name: "Don't join this one" })).toBeVisible();
  await details.getByRole("button", { name: "Close" }).click();
  await expect(pitch).toContainText("Cohost will join");

  // At phone width the verdict is on a line of its own, and nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pitch).toContainText("Cohost will join");
  await expect(pitch.getByText("Cohost will join")).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
