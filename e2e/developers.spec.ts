import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { startReceiver, type Received } from "../test/fakes/webhook-receiver";
import { test, expect, topUp, createAgentViaApi, AGENT_PROVIDERS } from "./fixtures";
import { E2E } from "./support/ports";

// Cohost for other software, as a developer meets it: an API key and a webhook endpoint made on the
// Developers page by clicking, then a meeting in the test room driven with the key alone (no
// session), its events arriving signed at a local receiver that verifies them with the Standard
// Webhooks library.

test.setTimeout(180_000);

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

/** Clicks through the "shown once" dialog and answers the secret it showed. */
async function copyShownOnce(page: Page, title: string, label: string, kept: string): Promise<string> {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert")).toContainText("shown only this once");
  // What Cohost keeps, truly (issue 31: a signing secret is no fingerprint: it signs with it).
  await expect(dialog.getByRole("alert")).toContainText(kept);
  const value = await dialog.getByLabel(label).inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  return value;
}

async function createKeyInUi(page: Page, name: string, access: "Full access" | "Read only"): Promise<string> {
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Name").fill(name);
  await keys.getByLabel("Access").selectOption({ label: access });
  await keys.getByRole("button", { name: "Create key" }).click();
  return copyShownOnce(page, "Your new API key", "API key", "Cohost keeps only a fingerprint of it.");
}

const statuses = (received: Received[], meetingId: string) =>
  received.filter((r) => r.body.type === "meeting.status_changed" && r.body.data.meetingId === meetingId).map((r) => r.body.data.status);

test("a key and a webhook made on the Developers page; a meeting driven with the key alone; its events arrive signed", async ({ signedIn: page }) => {
  const receiver = await startReceiver();
  let api: APIRequestContext | undefined;
  try {
    await topUp(page.request, 10);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Developers" }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await expect(page.getByText("No API keys yet.")).toBeVisible();

    const key = await createKeyInUi(page, "Robot", "Full access");
    expect(key).toMatch(/^ck_/);
    const keyList = page.getByRole("list", { name: "Your API keys" });
    await expect(keyList.getByRole("listitem")).toHaveCount(1);
    await expect(keyList).toContainText("Robot");
    await expect(keyList).toContainText(`${key.slice(0, 11)}…`);
    await expect(keyList).not.toContainText(key);

    const hooks = page.getByRole("region", { name: "Webhooks" });
    await hooks.getByLabel("Endpoint address").fill(receiver.url);
    await hooks.getByRole("checkbox", { name: /meeting\.transcript\.segment/ }).check();
    await hooks.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await copyShownOnce(page, "Your endpoint's signing secret", "Signing secret", "Cohost keeps it encrypted, only to sign each delivery to this endpoint.");
    receiver.useSecret(secret);
    const endpoint = hooks.getByRole("list", { name: "Your webhook endpoints" }).getByRole("listitem").first();
    await expect(endpoint).toContainText(receiver.url);

    // The endpoint works: a test event sent from its row (issue 31: it was only inside the delivery
    // log) arrives, signed, and the log opens to show it delivered.
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(endpoint.getByRole("region", { name: "Delivery log" }).getByText("Delivered")).toBeVisible({ timeout: 20_000 });
    await expect(endpoint.getByRole("button", { name: "Hide log" })).toHaveAttribute("aria-expanded", "true");
    expect(receiver.received[0]).toMatchObject({ verified: true, body: { type: "webhook.test" } });

    // From here on, only the key: no cookies, no session.
    api = await playwrightRequest.newContext({ baseURL: E2E.appUrl, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    expect((await api.get("/api/api-keys")).status()).toBe(403);
    const agent = await api.post("/api/agents", {
      data: {
        name: "Cohost",
        wakeWord: "hey cohost",
        ...AGENT_PROVIDERS,
      },
    });
    expect(agent.status(), await agent.text()).toBe(201);
    const room = await (await api.post("/api/rooms", { data: {} })).json();
    const joined = await api.post("/api/meetings/join", { data: { agentId: (await agent.json()).id, meetingUrl: room.url, title: "Driven by a key" } });
    expect(joined.status(), await joined.text()).toBe(201);
    const meetingId: string = (await joined.json()).id;

    await expect.poll(() => statuses(receiver.received, meetingId), { timeout: 90_000, message: "the agent to be in the room" }).toContain("in_progress");

    // The owner watches the live meeting on its page, which follows the meeting's event stream.
    const streamOpened = page.waitForRequest((r) => r.url().includes(`/api/meetings/${meetingId}/events`));
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Meetings" }).click();
    await page.getByRole("link", { name: "Driven by a key" }).first().click();
    await expect(page.getByText("In progress", { exact: true }).first()).toBeVisible();
    await streamOpened;

    const stopped = await api.post(`/api/meetings/${meetingId}/stop`);
    expect(stopped.status(), await stopped.text()).toBe(200);
    await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
    await expect
      .poll(() => receiver.received.some((r) => r.body.type === "meeting.ended" && r.body.data.meetingId === meetingId), { timeout: 30_000, message: "meeting.ended" })
      .toBe(true);

    const ofMeeting = receiver.received.filter((r) => r.body.data.meetingId === meetingId);
    expect(ofMeeting.every((r) => r.verified)).toBe(true);
    expect(statuses(receiver.received, meetingId)).toEqual(expect.arrayContaining(["joining", "in_progress", "completed"]));
    const ended = ofMeeting.find((r) => r.body.type === "meeting.ended")!;
    expect(ended.body.data).toMatchObject({ status: "completed", reason: "user_stopped", title: "Driven by a key", platform: "room" });
    // The key shows its use on the Developers page.
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Developers" }).click();
    // A positive match, so it waits for the list to render (an absence would hold before it does).
    await expect(keyList.getByRole("listitem").filter({ hasText: "Robot" })).toContainText(/last used (?!never)\S/);
  } finally {
    await api?.dispose();
    await receiver.close();
  }
});

test("on a phone: revoking a key, with the page usable and accessible", async ({ signedIn: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Developers" }).click();
  await expect(page).toHaveURL(/\/developers$/);
  const key = await createKeyInUi(page, "Dashboard", "Read only");
  const api = await playwrightRequest.newContext({ baseURL: E2E.appUrl, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  try {
    expect((await api.get("/api/me")).status()).toBe(200);
    expect((await api.put("/api/me", { data: { firstName: "Mallory", lastName: "X" } })).status()).toBe(403);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);

    await page.getByRole("button", { name: "Revoke Dashboard" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByRole("list", { name: "Your API keys" })).toContainText("Revoked");
    expect((await api.get("/api/me")).status()).toBe(401);
    // A key that ended can be removed from the list (issue 31: revoked keys stayed forever).
    await page.getByRole("button", { name: "Remove Dashboard" }).click();
    await expect(page.getByText("No API keys yet. Create one to call the API from your own code.")).toBeVisible();

    // The API reference renders the document with the renderer Cohost serves itself.
    await page.getByRole("link", { name: "API reference" }).click();
    await expect(page.getByText("/api/meetings/join").first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await api.dispose();
  }
});

test("on a phone: the delivery log names each delivery's meeting and shows its payload, folded, as formatted JSON", async ({ signedIn: page }) => {
  const receiver = await startReceiver();
  try {
    await topUp(page.request, 5); // a meeting is scheduled only with credit
    const agent = await createAgentViaApi(page.request, { name: "Notes" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Developers" }).click();
    const hooks = page.getByRole("region", { name: "Webhooks" });
    await hooks.getByLabel("Endpoint address").fill(receiver.url);
    await hooks.getByRole("checkbox", { name: /meeting\.status_changed/ }).check();
    await hooks.getByRole("button", { name: "Add endpoint" }).click();
    receiver.useSecret(await copyShownOnce(page, "Your endpoint's signing secret", "Signing secret", "Cohost keeps it encrypted"));

    // A meeting scheduled for tomorrow: its status_changed event (created as scheduled) is delivered.
    const startAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const sent = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: "https://zoom.us/j/123456789", startAt, title: "Weekly review" } });
    expect(sent.status()).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000, message: "the status change delivered" }).toBe(1);

    const endpoint = hooks.getByRole("list", { name: "Your webhook endpoints" }).getByRole("listitem").first();
    await endpoint.getByRole("button", { name: "Delivery log" }).click();
    const log = endpoint.getByRole("region", { name: "Delivery log" });
    await expect(log.getByText("Delivered")).toBeVisible({ timeout: 20_000 });
    await expect(log.getByText("Meeting:")).toContainText("Weekly review");
    const payload = log.getByLabel("Payload of meeting.status_changed");
    await expect(payload).toBeHidden();
    await log.getByText("Payload", { exact: true }).click();
    await expect(payload).toBeVisible();
    // Formatted: two-space indents, one field a line, exactly what the receiver got.
    expect(await payload.textContent()).toBe(JSON.stringify(receiver.received[0].body, null, 2));
    await expect(payload).toContainText('"status": "scheduled"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("delivery-log-phone.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath("delivery-log-desktop.png"), fullPage: true });

    await log.getByRole("link", { name: "Weekly review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Meeting Details" })).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test("the API guide is part of the app: from Developers, quickstart to versioning, themed, the commands naming this server", async ({ signedIn: page }) => {
  // Issue 31: the reference pointed at "docs/api.md", a repository path a hosted user cannot open.
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Developers" }).click();
  await page.getByRole("link", { name: "API guide" }).click();
  await expect(page).toHaveURL(/\/developers\/guide\/quickstart$/);
  await expect(page).toHaveTitle("API guide · Cohost");
  const guide = page.getByRole("article");
  await expect(guide.getByRole("heading", { level: 2, name: "Quickstart" })).toBeVisible();
  // Pasted literally, the commands reach this server.
  await expect(guide.locator("pre").first()).toContainText(`export COHOST=${E2E.appUrl}`);
  await expect(guide).not.toContainText("cohost.example.com");
  const sections = page.getByRole("navigation", { name: "API guide sections" });
  await expect(sections.getByRole("link")).toHaveText(["Quickstart", "Authentication", "Errors", "Limits", "Webhooks", "Live event stream", "Versioning"]);
  await expect(sections.getByRole("link", { name: "Quickstart" })).toHaveAttribute("aria-current", "page");

  await sections.getByRole("link", { name: "Webhooks" }).click();
  await expect(guide.getByRole("heading", { level: 2, name: "Webhooks" })).toBeVisible();
  await expect(guide.getByRole("table")).toContainText("meeting.transcript.segment");
  await expect(guide).toContainText("webhook-signature");
  await expect(guide).not.toContainText("lib/net");
  await page.screenshot({ path: test.info().outputPath("guide-desktop.png"), fullPage: true });
  // A long page: the sidebar stays in view at its end (it scrolled away, issue 31).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Dashboard" })).toBeInViewport();

  // Themed: in the dark theme the guide's surface and code blocks are dark, not a white block.
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  const background = (selector: string) => guide.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await page.getByRole("article").locator("..").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(18, 24, 33)");
  expect(await background("th")).toBe("rgb(26, 34, 48)");
  expect((await new AxeBuilder({ page }).include("main").analyze()).violations.map((v) => v.id)).toEqual([]);

  // On a phone: nothing scrolls sideways but the tables and code themselves.
  await page.setViewportSize({ width: 390, height: 844 });
  await sections.getByRole("link", { name: "Quickstart" }).click();
  await expect(guide.getByRole("heading", { level: 2, name: "Quickstart" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("guide-phone-dark.png"), fullPage: true });

  // Beside the reference, both ways; the reference is dark in the dark theme too, not a white block.
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/developers\/api$/);
  await expect(page.getByText("/api/meetings/join").first()).toBeVisible({ timeout: 30_000 });
  expect(await page.getByTestId("api-reference").evaluate((el) => getComputedStyle(el).filter)).toContain("invert");
  await page.screenshot({ path: test.info().outputPath("reference-phone-dark.png") });
  await page.getByRole("link", { name: "API guide" }).click();
  await expect(page).toHaveURL(/\/developers\/guide\/quickstart$/);
});
