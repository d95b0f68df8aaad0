import type { Page } from "@playwright/test";
import { test, expect, createAgentViaApi, sql } from "./fixtures";
import { E2E } from "./support/ports";

// Signed-in bots (issue 27) in the agent form, as a person does it: the "Signed-in bot" section,
// a session file chosen through the file chooser (a wrong one explained at the file), the account
// shown (never the session), "Sign in again" once a meeting found it signed out, and removing it —
// at desktop width and at a phone's.

const SECRET = "g-session-SECRET-e2e-5d1f";
const inDays = (d: number) => Math.floor(Date.now() / 1000) + d * 86_400;
const sessionFile = (cookies: object[]) => ({ name: "bot-session-google.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ cookies, origins: [] })) });
const googleCookie = { name: "SID", value: SECRET, domain: ".google.com", path: "/", expires: inDays(180), httpOnly: true, secure: true, sameSite: "None" };
const foreignCookie = { name: "ads", value: "x", domain: ".doubleclick.net", path: "/", expires: inDays(180), httpOnly: false, secure: true, sameSite: "None" };

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

async function chooseFile(page: Page, file: ReturnType<typeof sessionFile>) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel("Session file (JSON)").click();
  await (await chooser).setFiles(file);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`signs the bot in with a session file, shows whose it is, asks to sign in again, and removes it (${viewport.name})`, async ({ signedIn: page }) => {
    const agent = await createAgentViaApi(page.request, { name: "Scribe", meetingPlatform: "meet" });
    await page.setViewportSize(viewport);
    await page.goto("/agents");
    await page.getByRole("link", { name: /^Edit/ }).first().click();
    await expect(page.getByRole("heading", { name: "Signed-in bot", exact: true })).toBeVisible();
    await expect(page.getByLabel("The bot's account")).toHaveValue("google");
    await expect(page.getByText(/npm run bot:session -- google/)).toBeVisible();

    // A file without the provider's cookies is explained at the file.
    await page.getByLabel("The account's name in meetings").fill("Cohost Bot");
    await chooseFile(page, sessionFile([foreignCookie]));
    await page.getByRole("button", { name: "Sign the bot in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The file has no Google sign-in cookies" })).toBeVisible();
    await expect(page.getByLabel("Session file (JSON)")).toHaveAttribute("aria-invalid", "true");

    // The right file: the account and its dates, never the session.
    await chooseFile(page, sessionFile([googleCookie, foreignCookie]));
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/agents/${agent.id}/bot-session`) && r.request().method() === "PUT");
    await page.getByRole("button", { name: "Sign the bot in" }).click();
    expect(await (await answer).text()).not.toContain(SECRET);
    const shown = page.getByTestId("bot-session");
    await expect(shown).toContainText("The bot joins signed in as Cohost Bot (Google (for Google Meet)).");
    await expect(shown).toContainText(/Saved .* · expires /);
    await expect(page.getByRole("button", { name: "Replace session" })).toBeVisible();
    expect(JSON.stringify(await (await page.request.get(`/api/agents/${agent.id}`)).json())).not.toContain(SECRET);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // A meeting found the bot signed out: the form says so and offers "Sign in again".
    await sql(`UPDATE "Agent" SET "botSessionRejectedAt" = now() WHERE id = $1`, [agent.id]);
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: "The bot's sign-in has expired" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in again" }).click();
    await expect(page.getByLabel("The account's name in meetings")).toHaveValue("Cohost Bot");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    // Removed: the bot joins as a guest again; the upload form is back.
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByText("The bot is signed out; it joins as a guest.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign the bot in" })).toBeVisible();
    const after = (await (await page.request.get(`/api/agents/${agent.id}`)).json()) as { botSession: unknown };
    expect(after.botSession).toBeNull();
  });
}
