import type { Page, Route } from "@playwright/test";
import { test, expect, sql } from "./fixtures";
import { E2E } from "./support/ports";

// Spec §4/§8: on a 401 the browser client (lib/client/api.ts, lib/client/session.ts) refreshes the
// session once and retries; concurrent refreshes share one; when no session can be had, the user is
// signed out and all client state is cleared. The client code runs for real in the browser against
// the real server; only the first answer of a call is turned into a 401 where a valid session cannot
// produce one by itself.

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

/** `METHOD /path → status`, in order, for API and session calls. */
function apiLog(page: Page): string[] {
  const log: string[] = [];
  page.on("response", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) log.push(`${r.request().method()} ${url.pathname} → ${r.status()}`);
  });
  return log;
}

/**
 * A route handler for the first matching request only; later ones go on to the network. The route
 * stays registered instead of `{ times: 1 }`: removing an exhausted route changes the browser's
 * interception patterns while the page is loading, and a request caught in that change (in one CI
 * run, the chunk with next-auth's client) never completes.
 */
function firstOnly(handle: (route: Route) => Promise<void>) {
  let used = false;
  return async (route: Route) => {
    if (used) return route.fallback();
    used = true;
    await handle(route);
  };
}

const unauthorized = { status: 401, contentType: "application/json", body: JSON.stringify({ error: "unauthorized", message: "The access token is invalid or has expired" }) };

test("a 401 is followed by one session refresh and one retry; the page shows the data", async ({ signedIn: page }) => {
  await page.request.post("/api/agents", { data: { name: "Retry target", wakeWord: "hey", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  await page.route("**/api/agents", firstOnly((route) => route.fulfill(unauthorized)));
  const log = apiLog(page);
  await page.goto("/agents");
  await expect(page.getByText("Retry target")).toBeVisible();
  await expect(page).toHaveURL(/\/agents$/);
  // The first three (the list may be fetched again later, when the window regains focus).
  const calls = log.filter((l) => l.startsWith("GET /api/agents") || l.startsWith("GET /api/auth/session"));
  expect(calls.slice(0, 3)).toEqual(["GET /api/agents → 401", "GET /api/auth/session → 200", "GET /api/agents → 200"]);
});

test("two calls failing with 401 at once share one refresh, then both are retried", async ({ signedIn: page }) => {
  // The page counts the 401s its fetches resolve with. Its API client reacts to a 401 in the same
  // microtasks (lib/client/api.ts: status check, then refreshSession()), so once the count is 2 both
  // calls have asked for a refresh. (Playwright's response event is not that signal: it comes from
  // the browser's network stack, possibly before the page's script has seen the answer.)
  // It also counts the session fetches it starts, when it starts them.
  await page.addInitScript(() => {
    const fetchFirst = window.fetch.bind(window);
    const w = window as unknown as { seen401s: number; sessionFetches: number };
    w.seen401s = 0;
    w.sessionFetches = 0;
    window.fetch = (...args) => {
      if (String(args[0] instanceof Request ? args[0].url : args[0]).includes("/api/auth/session")) w.sessionFetches++;
      return fetchFirst(...args).then((response) => {
        if (response.status === 401) w.seen401s++;
        return response;
      });
    };
  });
  // Both answers are held until both calls have arrived, then given together; the refresh they cause
  // is held until the page has reacted to both, so the second 401 meets the first one's refresh in flight.
  let arrived = 0;
  let bothArrived!: () => void;
  const together = new Promise<void>((resolve) => (bothArrived = resolve));
  for (const path of ["**/api/agents", "**/api/me"]) {
    await page.route(
      path,
      firstOnly(async (route) => {
        if (++arrived === 2) bothArrived();
        await together;
        await route.fulfill(unauthorized);
      }),
    );
  }
  let refreshesWhileHeld: number | null = null;
  await page.route(
    "**/api/auth/session",
    firstOnly(async (route) => {
      await page.waitForFunction(() => (window as unknown as { seen401s: number }).seen401s >= 2);
      // One more turn of the page's event loop: a refresh of its own would have started by now.
      refreshesWhileHeld = await page.evaluate(() => new Promise<number>((resolve) => setTimeout(() => resolve((window as unknown as { sessionFetches: number }).sessionFetches), 0)));
      await route.continue();
    }),
  );
  const log = apiLog(page);

  await page.goto("/agents");
  await expect(page.getByRole("heading", { name: "No agents yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect.poll(() => ["GET /api/agents → 200", "GET /api/me → 200"].every((l) => log.includes(l))).toBe(true);
  expect(refreshesWhileHeld).toBe(1);
  expect(log.filter((l) => l.endsWith("→ 401")).sort()).toEqual(["GET /api/agents → 401", "GET /api/me → 401"]);
});

test("when the session is gone, a 401 signs the user out and clears every client store", async ({ signedIn: page, context, user }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem("cohost", JSON.stringify({ version: 1, agents: ["cached"] }));
    sessionStorage.setItem("draft", "kept until sign-out");
  });
  // The session ends behind the page's back (expired, or signed out in another tab).
  await context.clearCookies();
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  const log = apiLog(page);

  await page.getByRole("button", { name: "Feedback" }).first().click();
  await page.getByLabel("Your feedback").fill("Sent after the session ended.");
  await page.getByRole("button", { name: "Send" }).click();

  await expect(page).toHaveURL(/\/signin/);
  expect(log).toContain("POST /api/feedback → 401");
  expect(log).toContain("GET /api/auth/session → 200"); // answered with no session: nothing to retry with
  expect(log.filter((l) => l.startsWith("POST /api/feedback"))).toEqual(["POST /api/feedback → 401"]);
  expect(await page.evaluate(() => localStorage.getItem("cohost"))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect(await sql(`SELECT 1 FROM "Feedback" WHERE "userId" = $1`, [user.id])).toEqual([]);
});
