import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { keepBrowser, launchBotBrowser, newBotContext, openBotPage } from "@/lib/bots/browser";

// The bot's browser as a meeting client sees it: no automation flag, Chrome's own user agent and
// client hints (not "HeadlessChrome"), a person's languages, microphone and camera granted to the
// meeting's client, and the disguise kept across navigations.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

describe("the bot's browser", () => {
  it("does not look automated to a meeting page", async () => {
    const context = await newBotContext(browser, { platform: "teams", url: "https://teams.microsoft.com/l/meetup-join/x" });
    try {
      const headers: Record<string, string>[] = [];
      await context.route("**/*", (route) => {
        headers.push(route.request().headers());
        return route.fulfill({ contentType: "text/html", body: "<p>meeting</p>" });
      });
      const page = await openBotPage(context);
      await page.goto("https://teams.microsoft.com/l/meetup-join/x");
      await page.goto("https://teams.live.com/light-meetings/launch");
      const seen = await page.evaluate(async () => ({
        webdriver: navigator.webdriver,
        userAgent: navigator.userAgent,
        brands: (navigator as unknown as { userAgentData: { brands: { brand: string }[] } }).userAgentData.brands.map((b) => b.brand),
        languages: navigator.languages,
        microphone: (await navigator.permissions.query({ name: "microphone" as PermissionName })).state,
        camera: (await navigator.permissions.query({ name: "camera" as PermissionName })).state,
        secure: isSecureContext,
      }));
      const major = browser.version().split(".")[0];
      expect(seen).toEqual({
        webdriver: false,
        userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
        brands: ["Chromium", "Not_A Brand"],
        languages: ["en-US", "en"],
        microphone: "granted",
        camera: "granted",
        secure: true,
      });
      for (const h of headers) {
        expect(h["user-agent"]).not.toContain("Headless");
        expect(h["accept-language"]).toBe("en-US,en;q=0.9");
      }
    } finally {
      await context.close();
    }
  });

  it("grants the camera only to the meeting's client, not to other sites", async () => {
    const context = await newBotContext(browser, { platform: "meet", url: "https://meet.google.com/abc-defg-hij" });
    try {
      await context.route("**/*", (route) => route.fulfill({ contentType: "text/html", body: "<p>x</p>" }));
      const page = await openBotPage(context);
      await page.goto("https://example.com/");
      expect(await page.evaluate(async () => (await navigator.permissions.query({ name: "camera" as PermissionName })).state)).not.toBe("granted");
    } finally {
      await context.close();
    }
  });
});

describe("the worker's shared browser", () => {
  it("launches again after a failed launch and after the browser went away, never keeping a failure", async () => {
    let launches = 0;
    const events: string[] = [];
    // The first launch fails (say, Chromium could not start under memory pressure); later ones work.
    const shared = keepBrowser(
      () => (++launches === 1 ? Promise.reject(new Error("Chromium did not start")) : launchBotBrowser({ headless: true })),
      (event) => events.push(event),
    );
    try {
      await expect(shared.get()).rejects.toThrow("Chromium did not start");
      const first = await shared.get();
      expect(first.isConnected()).toBe(true);
      expect(await shared.get()).toBe(first);
      // The browser goes away (a crash): the next bot gets a new one.
      const gone = new Promise((resolve) => first.once("disconnected", resolve));
      await first.close();
      await gone;
      const second = await shared.get();
      expect(second).not.toBe(first);
      expect(second.isConnected()).toBe(true);
      expect(launches).toBe(3);
      expect(events).toEqual(["launch_failed", "disconnected"]);
    } finally {
      await shared.close();
    }
    await expect(shared.get()).rejects.toThrow(/closing/);
  });
});
