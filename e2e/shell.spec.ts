import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { test, expect, sql } from "./fixtures";
import { englishOnlyPatterns } from "./support/english-text";
import { collected } from "./support/collected";
import { E2E } from "./support/ports";
import { holdScripts } from "./support/slow-scripts";

const decided = (context: BrowserContext) => context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);

test.describe("signed-in shell", () => {
  test.beforeEach(async ({ context }) => decided(context));

  test("desktop: sidebar navigation, active link, page and document titles, raw path for unknown pages", async ({ signedIn: page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("About · Cohost");
    const response = await page.goto("/somewhere/else");
    // The raw path is the heading and the title (spec §2), and the answer is a real 404.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "/somewhere/else" })).toBeVisible();
    await expect(page.getByText("Page not found")).toBeVisible();
    await expect(page).toHaveTitle("/somewhere/else · Cohost");
    // The shell is all there: navigation back works.
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("dialogs give focus back to the control that opened them when closed with Escape", async ({ signedIn: page }) => {
    await page.goto("/");
    const accountMenu = page.getByRole("button", { name: "Account menu" });
    await accountMenu.click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page.getByRole("dialog", { name: "Profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Profile" })).toBeHidden();
    await expect(accountMenu).toBeFocused();

    // Phone: from the drawer, focus comes back to the menu button.
    await page.setViewportSize({ width: 390, height: 844 });
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Profile" }).click();
    await expect(page.getByRole("dialog", { name: "Profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuButton).toBeFocused();

    // A confirmation whose code loads on demand, opened by a button on the page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await accountMenu.click();
    await page.getByRole("menuitem", { name: "Account settings" }).click();
    const signOutOthers = page.getByRole("button", { name: "Sign out other sessions" });
    await signOutOthers.click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(signOutOthers).toBeFocused();
  });

  test("every tab is titled after its page, from the first response on (spec §2), and unknown pages by their path", async ({ signedIn: page }) => {
    const titles: [string, string][] = [
      ["/", "Dashboard · Cohost"],
      ["/agents", "Agents · Cohost"],
      ["/agents/create", "Create Agent · Cohost"],
      ["/billing", "Billing · Cohost"],
      ["/about", "About · Cohost"],
      ["/cookie", "Cookie Policy · Cohost"],
      ["/no/such/page", "/no/such/page · Cohost"],
    ];
    for (const [path, title] of titles) {
      const answer = await page.request.get(path);
      // A 404 is rendered by Next's error document, whose head has the product name (spec §2's
      // fallback title); the raw path arrives with the page and is the tab's title once it loads.
      if (answer.status() !== 404) expect(await answer.text(), `server-rendered title of ${path}`).toContain(`<title>${title}</title>`);
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    // And after client-side navigation.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Billing" }).click();
    await expect(page).toHaveTitle("Billing · Cohost");
  });

  test("toasts appear below the header, so the theme and account buttons stay usable", async ({ signedIn: page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Profile" });
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Display name").fill("Ada King");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Profile updated" }).first();
    await expect(toast).toBeVisible();
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // While it shows, nothing of the toast's lies over the header's buttons: the point a click on each
    // lands on is the button itself. Read in one step with the toast still there (it hides itself after
    // 6 s, which a busy machine can spend between separate steps).
    const hits = await page.evaluate(() => {
      const open = [...document.querySelectorAll('li[data-state="open"]')].some((li) => li.textContent?.includes("Profile updated"));
      const onTop = (label: string) => {
        const buttons = [...document.querySelectorAll("header button")];
        const button = buttons.find((b) => b.getAttribute("aria-label") === label || b.textContent?.includes(label))!;
        const r = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      };
      return { open, theme: onTop("Theme"), account: onTop("Account menu") };
    });
    expect(hits).toEqual({ open: true, theme: true, account: true });
    // And they take clicks.
    await page.getByRole("button", { name: "Theme" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  });

  test("phone: Feedback from the drawer opens a full-width sheet whose heading, text box and thank-you are on screen", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Feedback" }).click();
    const sheet = page.getByRole("dialog", { name: "Send feedback" });
    await expect(sheet).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(390);
    await expect(sheet.getByRole("heading", { name: "Send feedback" })).toBeInViewport({ ratio: 1 });
    const field = sheet.getByLabel("Your feedback");
    await expect(field).toBeInViewport({ ratio: 1 });
    await field.fill("Works nicely on my phone.");
    await sheet.getByRole("button", { name: "Send" }).click();
    await expect(sheet.getByText("Thank you for your feedback!")).toBeInViewport({ ratio: 1 });
    await expect(sheet).toBeHidden({ timeout: 5000 });
  });

  test("phone (390×844): no page scrolls sideways and the top bar keeps its buttons", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/agents", "/agents/create", "/billing", "/about", "/cookie"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      if (path !== "/cookie") {
        await expect(page.getByRole("button", { name: "Open menu" })).toBeInViewport();
        await expect(page.getByRole("button", { name: "Theme" })).toBeInViewport();
      }
    }
  });

  test("phone: the menu button opens a right-side drawer with balance, Top up, navigation and the user", async ({ signedIn: page, user }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByTestId("balance")).toContainText("$0.00");
    await expect(drawer.getByRole("link", { name: "Top up" })).toBeVisible();
    await expect(drawer.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
    await drawer.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
  });

  test("header balance uses the colour rule and links Top up to /billing", async ({ signedIn: page, user }) => {
    await sql(`INSERT INTO "CreditAccount" (id, "userId", "balanceMicros", "updatedAt") VALUES ($1, $2, 12500000, now())`, [`ca-${user.id}`, user.id]);
    await page.goto("/");
    const balance = page.getByRole("banner").getByTestId("balance");
    await expect(balance).toContainText("$12.50");
    await expect(balance.locator(".text-success-text")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/billing");
    // The figure is in the server's HTML: the first paint shows the current balance, not "…" or an old one.
    const html = await (await page.request.get("/agents")).text();
    expect(html).toMatch(/data-testid="balance"[\s\S]{0,600}?\$12\.50/);
    // Spent elsewhere (a meeting, another tab): the next page change shows the new figure.
    await sql(`UPDATE "CreditAccount" SET "balanceMicros" = 3000000 WHERE "userId" = $1`, [user.id]);
    await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Agents" }).click();
    await expect(balance).toContainText("$3.00");
    await expect(balance.locator("[aria-busy]")).toHaveCount(0);
  });

  test("theme choice persists across reloads", async ({ signedIn: page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("profile: edit round trip, Save disabled when blank, Cancel restores", async ({ signedIn: page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Profile" });
    await expect(dialog.getByTestId("profile-name")).toHaveText("Ada Lovelace");
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Display name").fill("   ");
    await expect(dialog.getByRole("button", { name: "Save changes" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog.getByTestId("profile-name")).toHaveText("Ada Lovelace");
    await dialog.getByRole("button", { name: "Edit" }).click();
    await expect(dialog.getByLabel("Display name")).toHaveValue("Ada Lovelace");
    await dialog.getByLabel("Display name").fill("Grace Brewster Hopper");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByTestId("profile-name")).toHaveText("Grace Brewster Hopper");
    const me = await (await page.request.get("/api/me")).json();
    expect(me).toMatchObject({ firstName: "Grace", lastName: "Brewster Hopper" });
  });

  test("feedback: validation, sending, thank-you and auto-close", async ({ signedIn: page, user }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Feedback" }).first().click();
    const field = page.getByLabel("Your feedback");
    await field.fill("too short");
    await expect(page.getByText("Feedback must be at least 10 characters long")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(page.getByText("9/2000")).toBeVisible();
    await field.fill("x".repeat(2001));
    await expect(page.getByText("Feedback must be less than 2000 characters")).toBeVisible();
    await field.fill("  The dashboard is very clear.  ");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
    await expect(page.getByText("Thank you for your feedback!")).toBeHidden({ timeout: 5000 });
    const rows = await sql<{ message: string }>(`SELECT message FROM "Feedback" WHERE "userId" = $1`, [user.id]);
    expect(rows).toEqual([{ message: "The dashboard is very clear." }]);
  });

  test("feedback: a failed send shows the fallback error and stays open", async ({ signedIn: page }) => {
    await page.route("**/api/feedback", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.goto("/");
    await page.getByRole("button", { name: "Feedback" }).first().click();
    await page.getByLabel("Your feedback").fill("This will not arrive, sadly.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to submit feedback. Please try again." })).toBeVisible();
    await page.waitForTimeout(2500);
    await expect(page.getByLabel("Your feedback")).toHaveValue("This will not arrive, sadly.");
  });

  test("language: switching to German from the user menu is remembered", async ({ signedIn: page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitemradio", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Über Cohost" })).toBeVisible();
    await page.getByRole("button", { name: "Kontomenü" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
  });

  test("German: signed-in pages show no English catalogue text", async ({ signedIn: page, context, user }) => {
    await context.addCookies([{ name: "lng", value: "de", url: E2E.appUrl }]);
    // Something on every screen: an agent, a paid top-up (card on file → auto-refill form), usage.
    await sql(
      `WITH a AS (INSERT INTO "Agent" (id, "userId", name, "sttProviderId", "aiProviderId", "ttsProviderId", "wakeWord", "updatedAt") VALUES ($2, $1, 'Protokoll', 'deepgram', 'openai', 'elevenlabs', 'hallo', now()) RETURNING id),
       m AS (INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, "scheduledStart", "updatedAt") SELECT $3, $1, id, 'Jour fixe', 'https://zoom.us/j/1', 'zoom', now(), now() FROM a RETURNING id, "agentId"),
       c AS (INSERT INTO "CreditAccount" (id, "userId", "balanceMicros", "usageEntryCount", "stripePaymentMethodId", "updatedAt") VALUES ($4, $1, 9980000, 1, 'pm_test_mode_card', now()) RETURNING id),
       t AS (INSERT INTO "TopUp" (id, "userId", "amountMicros", status, method, "completedAt") VALUES ($5, $1, 10000000, 'completed', 'test_checkout', now()))
       INSERT INTO "LedgerEntry" ("accountId", "userId", type, "amountMicros", "balanceAfterMicros", "idempotencyKey", action, "meetingId", "agentId")
       SELECT c.id, $1, 'usage', -20000, 9980000, 'e2e:de', 'agent_minute', m.id, m."agentId" FROM c, m`,
      [user.id, `ag-${user.id}`, `mt-${user.id}`, `ca-${user.id}`, `tu-${user.id}`],
    );
    const english = englishOnlyPatterns();
    for (const path of ["/", "/agents", "/agents/create", `/agents/ag-${user.id}/edit`, "/billing", "/about", "/no/such/page"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      const texts = await page.evaluate(() => {
        const found = new Set<string>([document.title]);
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.parentElement?.closest("script, style")) continue;
          const text = n.textContent?.replace(/\s+/g, " ").trim();
          if (text) found.add(text);
        }
        for (const el of document.body.querySelectorAll("[aria-label], [placeholder], [title]")) {
          for (const attr of ["aria-label", "placeholder", "title"]) {
            const value = el.getAttribute(attr)?.trim();
            if (value) found.add(value);
          }
        }
        return [...found];
      });
      const leaks = texts.flatMap((text) => english.filter((e) => e.pattern.test(text)).map((e) => `"${text}" (en: "${e.message}")`));
      expect(leaks, `English text on ${path}`).toEqual([]);
    }
  });

  test("a render error shows the error boundary", async ({ signedIn: page }) => {
    await page.goto("/test-error");
    await expect(page.getByRole("heading", { name: "Sorry.. there was an error" })).toBeVisible();
  });
});

test.describe("cookie consent", () => {
  /** Page views that reached the analytics collector, oldest first. */
  async function pageViews(): Promise<{ type: string; path: string; ts: number }[]> {
    const received = await collected(E2E.analyticsPort);
    return received.filter((r) => r.path.startsWith("/__analytics/")).map((r) => JSON.parse(r.body));
  }

  /**
   * The fence for "nothing was sent": accepting sends a page view, which must reach the collector;
   * every page view that reached it since `since` (the count when the test began) was made after the
   * click, by the page's own clock. One sent earlier would have arrived before the fence.
   */
  async function expectNothingSentBefore(page: Page, since: number, accept: Locator) {
    const beforeAccepting = await page.evaluate(() => Date.now());
    await accept.click();
    await expect.poll(async () => (await pageViews()).slice(since).length).toBeGreaterThan(0);
    const views = (await pageViews()).slice(since);
    expect(views[0]).toMatchObject({ type: "page_view", path: "/cookie" });
    expect(views.filter((v) => v.ts < beforeAccepting)).toEqual([]);
  }

  test("no analytics before consent; Accept grants it and hides the banner for good", async ({ page, context }) => {
    const since = (await pageViews()).length;
    await page.goto("/cookie");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expectNothingSentBefore(page, since, banner.getByRole("button", { name: "Accept" }));
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((c) => c.name === "cookie-consent");
    expect(consent).toMatchObject({ value: "true", path: "/", sameSite: "Lax" });
    expect(consent!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ]) {
    test(`${width}×${height}: the cookie policy's own Reject button can be reached and clicked while the banner shows`, async ({ page, context }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/cookie");
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await expect(banner).toBeVisible();
      const own = page.getByRole("region", { name: "Changing your choice" }).getByRole("button", { name: "Reject" });
      await own.scrollIntoViewIfNeeded();
      const button = (await own.boundingBox())!;
      const bannerBox = (await banner.boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(bannerBox.y);
      await own.click();
      expect((await context.cookies()).find((c) => c.name === "cookie-consent")?.value).toBe("false");
      await expect(banner).toBeHidden();
    });
  }

  test("Reject (or the close icon) refuses, deletes analytics and advertising cookies, sends nothing", async ({ page, context }) => {
    await context.addCookies([
      { name: "_ga", value: "GA1.1.1", url: E2E.appUrl },
      { name: "_gcl_au", value: "1.1", url: E2E.appUrl },
    ]);
    const since = (await pageViews()).length;
    await page.goto("/cookie");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Reject", exact: true }).click();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "cookie-consent")?.value).toBe("false");
    expect(cookies.map((c) => c.name)).not.toContain("_ga");
    expect(cookies.map((c) => c.name)).not.toContain("_gcl_au");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();
    await expectNothingSentBefore(page, since, page.getByRole("region", { name: "Changing your choice" }).getByRole("button", { name: "Accept" }));

    await context.clearCookies();
    await page.reload();
    await page.getByRole("button", { name: "Close and reject" }).click();
    expect((await context.cookies()).find((c) => c.name === "cookie-consent")?.value).toBe("false");
  });
});

test.describe("accessibility", () => {
  const check = async (page: Page) => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };

  test("sign-in and cookie policy have no serious violations", async ({ page }) => {
    await page.goto("/signin");
    await check(page);
    await page.goto("/signin?screen=signup");
    await page.getByLabel("Password", { exact: true }).fill("password");
    await expect(page.getByTestId("password-strength")).toBeVisible();
    await check(page);
    await page.goto("/cookie");
    // Signed out too, the policy is the page's main landmark.
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();
    await check(page);
  });

  test("dashboard, about, agents, agent form and billing have no serious violations", async ({ signedIn: page, context }) => {
    await decided(context);
    for (const path of ["/", "/about", "/agents", "/agents/create", "/billing"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await check(page);
    }
  });

  test("the account page and an unknown page have no serious violations", async ({ signedIn: page, context }) => {
    await decided(context);
    for (const path of ["/account", "/no/such/page"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await check(page);
    }
  });
});

test.describe("language, toasts and the feedback popover", () => {
  test.beforeEach(async ({ context }) => decided(context));

  test("the sign-in screen offers the language: choosing Deutsch shows it in German, and back", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Language").selectOption("Deutsch");
    await expect(page.getByRole("heading", { name: "Bei Cohost anmelden" })).toBeVisible();
    await page.getByLabel("Sprache").selectOption("English");
    await expect(page.getByRole("heading", { name: "Sign in to Cohost" })).toBeVisible();
  });

  test("on a slow connection, a language chosen before the page's script arrived applies once it has", async ({ page }) => {
    // The page's scripts are held back: the sign-in screen is there (server-rendered), not yet alive.
    const release = await holdScripts(page);
    await page.goto("/signin", { waitUntil: "commit" });
    await page.getByLabel("Language").selectOption("Deutsch");
    await expect(page.getByRole("heading", { name: "Sign in to Cohost" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Bei Cohost anmelden" })).toBeVisible();
    await expect(page.getByLabel("Sprache")).toHaveValue("de");
  });

  test("phone: the drawer offers the language", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/agents");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByLabel("Language").selectOption("Deutsch");
    await expect(page.getByRole("heading", { level: 1, name: "Agenten" })).toBeVisible();
    await expect(page).toHaveURL(/\/agents/);
  });

  test("phone: a toast rises from the bottom and leaves the page heading readable", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Profile" });
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Display name").fill("Ada King");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    // Measured while it shows (it hides itself after 6 s), with the dialog still open: the dialog
    // hides the rest of the page from the accessibility tree, so the toast is found by its element.
    const toast = page.locator('li[data-state="open"]', { hasText: "Profile updated" });
    await expect(toast).toBeVisible();
    const heading = (await page.locator("main h1").boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(heading.y + heading.height);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInViewport({ ratio: 1 });
  });

  test("desktop: the feedback popover opens level with its nav item", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const item = page.getByRole("complementary").getByRole("button", { name: "Feedback" });
    await item.click();
    const popover = page.getByRole("dialog", { name: "Send feedback" });
    await expect(popover).toBeVisible();
    const itemBox = (await item.boundingBox())!;
    const box = (await popover.boundingBox())!;
    expect(Math.abs(box.y - itemBox.y)).toBeLessThanOrEqual(16);
    expect(box.x).toBeGreaterThanOrEqual(itemBox.x + itemBox.width);
    expect(box.x - (itemBox.x + itemBox.width)).toBeLessThanOrEqual(40);
  });
});

