import { validAgent } from "../test/agents/fixtures";
import { test, expect } from "./fixtures";
import { E2E } from "./support/ports";

// A person connects their Microsoft 365 / Outlook calendar through the consent page (the local
// stand-in of the Microsoft identity platform and Graph, test/fakes/calendar), sees its Teams
// meetings (the link from Graph's onlineMeeting.joinUrl), sees a change made in Outlook arrive by a
// Graph change notification, and disconnects it.

const control = async <T = unknown>(path: string, body: unknown = {}): Promise<T> => {
  const res = await fetch(`http://127.0.0.1:${E2E.calendarFakesPort}/__control/microsoft/${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

/** Graph's UTC dateTime (no offset, seven fractional digits), tomorrow at `hour`. */
function tomorrowAt(hour: number, days = 1): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour)).toISOString().replace("Z", "0000");
}

const TEAMS = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_e2eMicrosoft%40thread.v2/0";

function graphEvent(id: string, subject: string, hour: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    subject,
    start: { dateTime: tomorrowAt(hour), timeZone: "UTC" },
    end: { dateTime: tomorrowAt(hour + 1), timeZone: "UTC" },
    // The body says nothing of the meeting: the link can only come from onlineMeeting.joinUrl.
    body: { contentType: "html", content: "<p>Agenda: the quarter.</p>" },
    isOnlineMeeting: true,
    onlineMeetingProvider: "teamsForBusiness",
    onlineMeeting: { joinUrl: TEAMS },
    organizer: { emailAddress: { name: "Ada Lovelace", address: "ada@contoso.test" } },
    isOrganizer: true,
    responseStatus: { response: "organizer", time: "0001-01-01T00:00:00Z" },
    ...extra,
  };
}

test("connect Microsoft 365 / Outlook, see its Teams meetings, a change arrives by change notification, disconnect", async ({ signedIn: page }) => {
  const created = await page.request.post("/api/agents", { data: validAgent({ name: "Outlook helper" }) });
  expect(created.status()).toBe(201);
  const stamp = `e2e${Date.now()}`;
  await control("put", [graphEvent(`${stamp}-review`, "Quarterly review", 9)]);

  await page.goto("/");
  await page.getByRole("link", { name: "Calendar", exact: true }).first().click();
  await page.getByRole("link", { name: "Connect Microsoft 365 / Outlook" }).click();
  await expect(page.getByRole("heading", { name: "Permissions requested" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByText("Microsoft calendar connected. Its events are being imported.", { exact: true })).toBeVisible();
  const calendars = page.getByRole("list", { name: "Your calendars" });
  await expect(calendars.getByText("Microsoft · ada@contoso.test")).toBeVisible({ timeout: 20_000 });
  await expect(calendars.getByText(/changes arrive in seconds/)).toBeVisible();
  // Graph's validation handshake was answered: the connection holds a subscription to the events.
  expect(await control<{ resource: string }[]>("subscriptions")).toEqual([expect.objectContaining({ resource: "me/events" })]);

  await page.getByRole("tab", { name: "List" }).click();
  await page.getByRole("button", { name: /Quarterly review/ }).click();
  const details = page.getByRole("dialog", { name: "Quarterly review" });
  await expect(details.getByText("Microsoft Teams:")).toBeVisible();
  await expect(details.getByRole("link", { name: TEAMS })).toHaveAttribute("href", TEAMS);
  await expect(details.getByText("ada@contoso.test")).toBeVisible();
  await details.getByRole("button", { name: "Close" }).click();

  // Changed in Outlook (moved, and a new occurrence of a weekly series): Graph's change notification
  // makes the jobs process run a delta round, and the page shows both within seconds.
  await control("put", [
    graphEvent(`${stamp}-review`, "Quarterly review (moved)", 13),
    graphEvent(`${stamp}-standup-1`, "Weekly standup", 15, { type: "occurrence", seriesMasterId: `${stamp}-standup`, originalStart: `${tomorrowAt(15)}Z`, isOrganizer: false, responseStatus: { response: "accepted" } }),
  ]);
  expect(await control("notify")).toEqual([202]);
  await expect(page.getByRole("button", { name: /Quarterly review \(moved\)/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: /Weekly standup/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Quarterly review, Microsoft Teams/ })).toHaveCount(0);

  // Disconnect: the calendar and its events go, and Graph's subscription is deleted.
  await calendars.getByRole("button", { name: "Remove Microsoft · ada@contoso.test" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(/^Microsoft · ada@contoso\.test removed/)).toBeVisible();
  await expect(calendars).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Quarterly review/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Weekly standup/ })).toHaveCount(0);
  expect(await control("subscriptions")).toEqual([]);
});
