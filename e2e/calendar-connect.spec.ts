import { validAgent } from "../test/agents/fixtures";
import { test, expect } from "./fixtures";
import { E2E } from "./support/ports";

// A person connects their Google calendar through the consent page (the local stand-in of Google's
// OAuth endpoints and Calendar API, test/fakes/calendar), sees its events, sees a change made in
// Google arrive by push notification, and sees "Reconnect" once the grant is revoked at Google.

const control = (path: string, body: unknown = {}) => fetch(`http://127.0.0.1:${E2E.calendarFakesPort}/__control/google/${path}`, { method: "POST", body: JSON.stringify(body) });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

function tomorrowAt(hour: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hour)).toISOString();
}

test("connect Google Calendar, see its events, a change arrives by push, a revoked grant asks to reconnect", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Calendar helper" }) });
  expect(created.status()).toBe(201);
  const id = `e2e${Date.now()}`;
  await control("put", [{ id, summary: "Roadmap sync", start: { dateTime: tomorrowAt(9) }, end: { dateTime: tomorrowAt(10) }, hangoutLink: "https://meet.google.com/abc-defg-hij", organizer: { email: "grace.hopper@example.test", self: true } }]);

  await page.goto("/");
  await page.getByRole("link", { name: "Calendar", exact: true }).first().click();
  await page.getByRole("link", { name: "Connect Google Calendar" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByText("Google calendar connected. Its events are being imported.", { exact: true })).toBeVisible();
  const calendars = page.getByRole("list", { name: "Your calendars" });
  await expect(calendars.getByText("Google · grace.hopper@example.test")).toBeVisible({ timeout: 20_000 });
  await expect(calendars.getByText(/changes arrive in seconds/)).toBeVisible();
  await page.getByRole("tab", { name: "List" }).click();
  await expect(page.getByRole("button", { name: /Roadmap sync/ })).toBeVisible();

  // Changed in Google: the push notification makes the jobs process sync, and the page shows it.
  await control("put", [{ id, summary: "Roadmap sync (moved)", start: { dateTime: tomorrowAt(11) }, end: { dateTime: tomorrowAt(12) } }]);
  const statuses = (await (await control("notify")).json()) as number[];
  expect(statuses).toEqual([200]);
  await expect(page.getByRole("button", { name: /Roadmap sync \(moved\)/ })).toBeVisible({ timeout: 20_000 });

  // The person removes Cohost's access in their Google account: the next sync (a refresh after the
  // token is refused) marks the calendar "Reconnect"; its events stay.
  await control("revoke-all");
  await calendars.getByRole("button", { name: /^Refresh Google/ }).click();
  await expect(calendars.getByRole("link", { name: /^Reconnect Google/ })).toBeVisible({ timeout: 20_000 });
  await expect(calendars.getByText(/Cohost lost access to this calendar/)).toBeVisible();
  await expect(page.getByRole("button", { name: /Roadmap sync \(moved\)/ })).toBeVisible();
});
