import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { test, expect, createUser, linkIn, signInAs, uniqueEmail, waitForMail, PASSWORD, type TestUser } from "./fixtures";
import { E2E } from "./support/ports";

// Account settings (issue 18) and ending sessions (issue 17, item 13), walked as a person would:
// from the account menu, in two browsers at once where other sessions matter.

async function browserSignedInAs(browser: Browser, user: TestUser, options: { userAgent?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  const page = await context.newPage();
  await signInAs(page.request, user);
  return page;
}

async function openAccount(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
}

/** The other browser takes its next step: a link in the sidebar. */
async function expectSignedOutOnNextPage(page: Page) {
  await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Meetings" }).click();
  // Whichever notices first signs the browser out, each with the way back: the page guard (the
  // page asked for) or the page's own API call answered 401 (the page the person was on).
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2F(meetings|agents)?&notice=session-ended$/);
  await expect(page.getByRole("heading", { name: "Sign in to Cohost" })).toBeVisible();
  // Issue 31: with the reason, not a plain sign-in screen.
  await expect(page.getByText("You were signed out: your password was changed or your sessions were signed out on another device")).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
}

async function accessToken(page: Page, user: TestUser): Promise<string> {
  const res = await page.request.post("/api/token", { data: { grant_type: "password", email: user.email, password: user.password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token;
}

test("a password reset signs every other browser out on its next page, and access tokens from before answer 401", async ({ browser, user }) => {
  const other = await browserSignedInAs(browser, user);
  await other.goto("/agents");
  await expect(other.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  const oldToken = await accessToken(other, user);

  // In this browser the person forgot the password: the Account page e-mails a reset link.
  const page = await browserSignedInAs(browser, user);
  await openAccount(page);
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByRole("button", { name: "E-mail me a reset link" }).click();
  await expect(page.getByText(`We sent a link to ${user.email}.`)).toBeVisible();
  await page.goto(linkIn(await waitForMail(user.email)));
  await page.getByLabel("New password", { exact: true }).fill("walnut-ferry-orbit");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();

  await expectSignedOutOnNextPage(other);
  expect((await other.request.get("/api/me", { headers: { authorization: `Bearer ${oldToken}` } })).status()).toBe(401);
  // The browser that reset it signs in again with the new password.
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("walnut-ferry-orbit");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("change password: the current one is required, weak ones are refused, this browser stays signed in and the other is signed out", async ({ browser, user }) => {
  const other = await browserSignedInAs(browser, user);
  await other.goto("/");
  const page = await browserSignedInAs(browser, user);
  await openAccount(page);
  await page.getByRole("button", { name: "Change password" }).click();
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password", { exact: true });
  await expect(current).toBeFocused();

  await current.fill("not-my-password");
  await next.fill("password123");
  await expect(page.getByTestId("password-strength")).toContainText("Too easy to guess · one of the most common passwords");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("This password is one of the most common ones. Choose one that is harder to guess.")).toBeVisible();

  await next.fill("walnut-ferry-orbit");
  await expect(page.getByTestId("password-strength")).toContainText("Strong");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct")).toBeVisible();

  // The toggle shows what was typed.
  await page.getByRole("button", { name: "Show password" }).first().click();
  await expect(current).toHaveAttribute("type", "text");
  await current.fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed. Every other session was signed out." }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Change password" })).toBeFocused();
  expect((await waitForMail(user.email)).subject).toBe("Your Cohost password was changed");

  await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Agents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
  await expectSignedOutOnNextPage(other);
});

test("sign out other sessions: confirmed in a dialog, the other browser is signed out, this one stays", async ({ browser, user }) => {
  const other = await browserSignedInAs(browser, user);
  await other.goto("/");
  const page = await browserSignedInAs(browser, user);
  await openAccount(page);
  const button = page.getByRole("button", { name: "Sign out other sessions" });
  await button.click();
  const dialog = page.getByRole("alertdialog", { name: "Sign out other sessions?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await dialog.getByRole("button", { name: "Sign out others" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Every other session was signed out." }).first()).toBeVisible();
  await expectSignedOutOnNextPage(other);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
});

test("signed-in devices on a phone: each browser named, this one marked, another signed out from here", async ({ browser, user }) => {
  const laptop = await browserSignedInAs(browser, user, { userAgent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" });
  await laptop.goto("/");
  const phone = await browserSignedInAs(browser, user, {
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  });
  await phone.goto("/");
  await phone.getByRole("button", { name: "Open menu" }).click();
  await phone.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Account settings" }).click();
  const devices = phone.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByRole("listitem").first()).toContainText("Safari on iOSThis device");
  const other = devices.getByRole("listitem").filter({ hasText: "Firefox on Linux" });
  await expect(other).toContainText(/Last active (now|\d+ seconds? ago)/);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const results = await new AxeBuilder({ page: phone }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await devices.screenshot({ path: test.info().outputPath("devices-phone.png") });

  await other.getByRole("button", { name: "Sign out Firefox on Linux" }).click();
  await expect(phone.getByRole("status").filter({ hasText: "Firefox on Linux was signed out." }).first()).toBeVisible();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expectSignedOutOnNextPage(laptop);
  // This one stays signed in.
  await phone.reload();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await phone.setViewportSize({ width: 1280, height: 900 });
  await phone.screenshot({ path: test.info().outputPath("devices-desktop.png"), fullPage: true });
});

test("change e-mail: a link to the new address; the account changes when it is followed, and following it again is no error", async ({ browser, user }) => {
  const page = await browserSignedInAs(browser, user);
  await openAccount(page);
  const next = uniqueEmail("moved");
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await page.getByLabel("New e-mail").fill(next);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText("Enter your current password")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`Waiting for confirmation of ${next}`)).toBeVisible();
  await expect(page.getByTestId("account-email")).toHaveText(user.email);

  const link = linkIn(await waitForMail(next));
  await page.goto(link);
  await expect(page.getByText(`Your e-mail is now ${next}. Use it to sign in.`)).toBeVisible();
  // The address bar no longer holds the used link: a reload starts no link flow (this browser is
  // signed in, so it lands on the dashboard), and shows no error.
  await expect(page).not.toHaveURL(/token=|mode=/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("invalid or expired")).toHaveCount(0);
  // Opening the e-mail's link again says it was used, not that it is broken.
  await page.goto(link);
  await expect(page.getByText(`This link was already used: your e-mail is ${next}.`)).toBeVisible();

  await openAccount(page);
  await expect(page.getByTestId("account-email")).toHaveText(next);
});

test("export my data downloads a JSON file of the account", async ({ browser, user }) => {
  const page = await browserSignedInAs(browser, user);
  await openAccount(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cohost-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")));
  expect(data.profile).toMatchObject({ email: user.email, firstName: "Ada", lastName: "Lovelace" });
});

test("delete account: typed e-mail and password, then the account is gone and the sign-in screen says so", async ({ browser }) => {
  const user = await createUser();
  const page = await browserSignedInAs(browser, user);
  await openAccount(page);
  const region = page.getByRole("region", { name: "Delete account" });
  await expect(region).toContainText("your balance of $0.00, which is not paid back");
  await region.getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  const confirm = dialog.getByRole("button", { name: "Delete account permanently" });
  await dialog.getByLabel(`Type your e-mail address, ${user.email}, to confirm`).fill("someone@else.test");
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type your e-mail address, ${user.email}, to confirm`).fill(user.email);
  await dialog.getByLabel("Current password").fill("not-my-password");
  await confirm.click();
  await expect(dialog.getByText("The current password is not correct")).toBeVisible();
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("Your account and everything in it were deleted.")).toBeVisible();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Incorrect e-mail or password")).toBeVisible();
});

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`${viewport.name}: the Account page fits the screen and has no serious accessibility violations`, async ({ browser, user }) => {
    const page = await browserSignedInAs(browser, user);
    await page.setViewportSize(viewport);
    if (viewport.name === "phone") {
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Account settings" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    } else {
      await openAccount(page);
    }
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByLabel("New password", { exact: true }).fill("walnut-ferry");
    await expect(page.getByTestId("password-strength")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
