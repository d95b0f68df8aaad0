import type { Page } from "@playwright/test";
import { test, expect, createAgentViaApi, topUp } from "./fixtures";
import { E2E } from "./support/ports";

// Issue 31 #5: on a 390 px phone, with real content (long agent names, upcoming meetings with long
// titles, keys, an endpoint, a calendar), no page scrolls sideways. Each page is reached the way a
// person does: the menu, then the link or the button on the page.

const PHONE = { width: 390, height: 844 };
const LONG = "Quarterly planning with the design, research and customer success teams (EMEA and APAC)";
const inDays = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 24 * 3600_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

async function fitsThePhone(page: Page, label: string) {
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, culprits: [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(el).position !== "fixed").slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`) }));
  await page.screenshot({ path: test.info().outputPath(`${label.replace(/\W+/g, "-").toLowerCase()}-phone.png`), fullPage: true });
  expect.soft(overflow.width, `${label} is ${overflow.width} px wide: ${overflow.culprits.join(" | ")}`).toBeLessThanOrEqual(PHONE.width);
}

async function viaMenu(page: Page, link: string, heading: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: link, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

test("every main page fits a 390 px phone with real content", async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await topUp(page.request, 10);
  const agent = await createAgentViaApi(page.request, { name: "Customer success weekly notes taker for EMEA" });
  for (let i = 0; i < 3; i++) {
    const sent = await page.request.post("/api/meetings/join", {
      data: { agentId: agent.id, meetingUrl: `https://zoom.us/j/12345678${i}`, startAt: inDays(1 + i, 9).toISOString(), title: `${LONG} #${i + 1}` },
    });
    expect(sent.status()).toBe(201);
  }
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//e2e//EN",
    "BEGIN:VEVENT",
    "UID:phone-long@e2e",
    `DTSTART:${inDays(2, 14).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`,
    `DTEND:${inDays(2, 15).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`,
    `SUMMARY:${LONG}`,
    "LOCATION:https://zoom.us/j/987654321",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const upload = await page.request.post("/api/calendars", { multipart: { agentId: agent.id, file: { name: "team.ics", mimeType: "text/calendar", buffer: Buffer.from(ics) } } });
  expect(upload.status()).toBe(201);
  expect((await page.request.post("/api/api-keys", { data: { name: "Reporting pipeline for the finance department", scope: "read" } })).status()).toBe(201);
  expect(
    (await page.request.post("/api/webhooks", { data: { url: "https://hooks.example.com/cohost/very/long/path/to/the/receiver/endpoint", events: ["meeting.ended"], description: LONG } })).status(),
  ).toBe(201);

  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(`${LONG} #1`).first()).toBeVisible();
  await fitsThePhone(page, "Dashboard");

  await viaMenu(page, "Agents", "Agents");
  await fitsThePhone(page, "Agents");
  await page.getByRole("link", { name: `Edit ${agent.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Agent" })).toBeVisible();
  await fitsThePhone(page, "Edit Agent");
  // The time-zone list open over the form.
  await page.getByRole("combobox", { name: "Time zone" }).fill("america");
  await fitsThePhone(page, "Edit Agent, time zones open");
  await page.keyboard.press("Escape");
  await viaMenu(page, "Agents", "Agents");
  await page.getByRole("link", { name: "Create agent" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Agent" })).toBeVisible();
  await fitsThePhone(page, "Create Agent");
  await viaMenu(page, "Agents", "Agents");
  await page.getByRole("link", { name: `Calendar of ${agent.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent Calendar" })).toBeVisible();
  await fitsThePhone(page, "Agent Calendar");

  await viaMenu(page, "Meetings", "Meetings");
  const first = page.getByRole("link", { name: `${LONG} #1` }).filter({ visible: true });
  await expect(first).toBeVisible();
  await fitsThePhone(page, "Meetings");
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: "Meeting Details" })).toBeVisible();
  await fitsThePhone(page, "Meeting Details");

  await viaMenu(page, "Calendar", "Calendar");
  await fitsThePhone(page, "Calendar");
  await viaMenu(page, "Billing", "Billing");
  await fitsThePhone(page, "Billing");
  await viaMenu(page, "Developers", "Developers");
  await expect(page.getByText("Reporting pipeline for the finance department")).toBeVisible();
  await fitsThePhone(page, "Developers");
  await page.getByRole("button", { name: "Delivery log" }).click();
  await fitsThePhone(page, "Developers, delivery log open");
  await page.getByRole("link", { name: "API guide" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Quickstart" })).toBeVisible();
  await fitsThePhone(page, "API guide");
  await viaMenu(page, "Developers", "Developers");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByText("/api/meetings/join").first()).toBeVisible({ timeout: 30_000 });
  await fitsThePhone(page, "API reference");
  await viaMenu(page, "About", "About");
  await fitsThePhone(page, "About");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
  await fitsThePhone(page, "Account");

  // The drawer: the highlighted item keeps its distance from the drawer's edges (issue 31).
  await viaMenu(page, "Billing", "Billing");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  const current = drawer.locator('a[aria-current="page"]');
  await expect(current).toHaveText("Billing");
  const [outer, item] = [(await drawer.boundingBox())!, (await current.boundingBox())!];
  await page.screenshot({ path: test.info().outputPath("drawer-phone.png") });
  expect(item.x - outer.x, "left gap").toBeGreaterThanOrEqual(12);
  expect(outer.x + outer.width - (item.x + item.width), "right gap").toBeGreaterThanOrEqual(12);
  await page.keyboard.press("Escape");
  // The footer's Cookie Policy (a page of its own, outside the app's shell).
  await page.goto("/cookie");
  await fitsThePhone(page, "Cookie Policy");
});
