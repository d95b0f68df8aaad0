import type { Page, Response } from "@playwright/test";
import { test, expect, createUser } from "./fixtures";
import { collected } from "./support/collected";
import { E2E } from "./support/ports";

// Issue 12 over real HTTP and in a real browser: the security headers on real answers, a
// Content-Security-Policy that blocks nothing Cohost itself does (analytics and the error reporter,
// on origins of their own, included), and junk through the real server, NextAuth's routes included.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records every CSP violation (the browser's own event) and every console line about a policy. */
async function watchPolicies(page: Page) {
  const violations: Violation[] = [];
  const consoleLines: string[] = [];
  await page.exposeFunction("__reportViolation", (v: Violation) => violations.push(v));
  // Init scripts are injected by Playwright outside the page's CSP, so the watcher itself is never blocked.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __reportViolation: (v: Violation) => void }).__reportViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      }),
    );
  });
  page.on("console", (m) => {
    if (/Content.Security.Policy|Permissions.Policy|nonce/i.test(m.text())) consoleLines.push(`${m.type()}: ${m.text()}`);
  });
  return { violations, consoleLines };
}

function expectCommonHeaders(response: Response | null, label: string) {
  const h = response!.headers();
  expect(h["x-content-type-options"], label).toBe("nosniff");
  expect(h["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], label).toContain("camera=()");
  expect(h["content-security-policy"], label).toContain("frame-ancestors 'none'");
  // The e2e stack is plain http: no HSTS (vitest covers https).
  expect(h["strict-transport-security"], label).toBeUndefined();
}

test.describe("security headers", () => {
  test("pages carry a nonce policy whose nonce is on every script; API answers a deny-all policy", async ({ signedIn: page }) => {
    for (const path of ["/", "/agents", "/billing", "/about"]) {
      const response = await page.goto(path);
      expectCommonHeaders(response, path);
      const csp = response!.headers()["content-security-policy"];
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain(`connect-src 'self' http://127.0.0.1:${E2E.analyticsPort} http://127.0.0.1:${E2E.errorReportPort}`);
      // Every page may hand the microphone to the test room it navigates to (docs/security.md).
      expect(response!.headers()["permissions-policy"]).toContain("microphone=(self)");
      // Every script the server sent carries this response's nonce (the browser hides the attribute
      // from the DOM, so read the HTML).
      const html = await response!.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    const api = await page.request.get("/api/me");
    expect(api.status()).toBe(200);
    expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    expect(api.headers()["permissions-policy"]).toContain("microphone=()");
    const missing = await page.request.get("/api/no/such/thing");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-security-policy"]).toContain("default-src 'none'");
  });

  test("the test room's pages may use the microphone; the sign-in redirect carries the headers too", async ({ signedIn: page, browser }) => {
    const room = await page.goto("/rooms/some-room");
    expect(room!.headers()["permissions-policy"]).toContain("microphone=(self)");
    const anonymous = await browser.newContext();
    const redirect = await anonymous.request.get("/agents", { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(redirect.headers()["x-content-type-options"]).toBe("nosniff");
    await anonymous.close();
  });

  test("cookies on plain http are not Secure (the https case is covered by vitest)", async ({ signedIn: page, context }) => {
    await page.goto("/signin?lng=en");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "next-auth.session-token")).toMatchObject({ httpOnly: true, secure: false, sameSite: "Lax" });
    expect(cookies.find((c) => c.name === "lng")).toMatchObject({ secure: false, sameSite: "Lax" });
  });
});

test.describe("the policy blocks nothing Cohost does", () => {
  test("no violation on any page, signed out or in, while using menus, dialogs and forms", async ({ page, context, user }) => {
    const { violations, consoleLines } = await watchPolicies(page);
    await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
    for (const path of ["/signin", "/signin?screen=signup", "/reset-password?token=nothing", "/cookie"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    const agent = await (await page.request.post("/api/agents", { data: { name: "Policy check", wakeWord: "hey", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } })).json();
    const topUp = await (await page.request.post("/api/billing/topup", { data: { amount: 25 } })).json();
    for (const path of ["/", "/about", "/agents", "/agents/create", `/agents/${agent.id}/edit`, "/billing", topUp.url, "/meetings", "/somewhere/else", "/cookie"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    // Scripts really run under the policy: menus, dialogs (Radix injects styles at run time), the theme.
    await page.goto("/");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/); // the inline theme script ran with its nonce
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page.getByRole("dialog", { name: "Profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Feedback" }).first().click();
    await expect(page.getByLabel("Your feedback")).toBeVisible();
    await page.keyboard.press("Escape");

    expect(violations).toEqual([]);
    expect(consoleLines).toEqual([]);
  });

  test("after consent the page view reaches the analytics collector on its own origin", async ({ page }) => {
    const { violations, consoleLines } = await watchPolicies(page);
    const before = (await collected(E2E.analyticsPort)).length;
    await page.goto("/cookie");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await expect.poll(async () => (await collected(E2E.analyticsPort)).slice(before).map((r) => JSON.parse(r.body))).toContainEqual(
      expect.objectContaining({ id: "e2e-analytics", type: "page_view", path: "/cookie" }),
    );
    expect(violations).toEqual([]);
    expect(consoleLines).toEqual([]);
  });

  test("a render error reaches the error reporter (the DSN's host) as a Sentry envelope", async ({ signedIn: page, context }) => {
    await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
    const { violations, consoleLines } = await watchPolicies(page);
    const before = (await collected(E2E.errorReportPort)).length;
    await page.goto("/test-error");
    await expect(page.getByRole("heading", { name: "Sorry.. there was an error" })).toBeVisible();
    await expect.poll(async () => (await collected(E2E.errorReportPort)).slice(before).map((r) => r.path)).toContain("/api/42/envelope/");
    const report = (await collected(E2E.errorReportPort)).slice(before).find((r) => r.envelope)!;
    expect(report.envelope![0]).toMatchObject({ dsn: `http://e2e-public-key@127.0.0.1:${E2E.errorReportPort}/42` });
    expect(report.envelope![2]).toMatchObject({ level: "error", platform: "javascript", request: { url: `${E2E.appUrl}/test-error` } });
    expect(violations).toEqual([]);
    expect(consoleLines).toEqual([]);
  });
});

test.describe("junk through the real server", () => {
  test("the issue's junk ids get a JSON 404, not a 500", async ({ signedIn: page }) => {
    const cases: [string, string][] = [
      ["GET", "/api/agents/%00"],
      ["PUT", "/api/agents/%00"],
      ["DELETE", "/api/agents/%00"],
      ["POST", "/api/billing/test-checkout/%00/pay"],
      ["GET", `/api/agents/${"x".repeat(5000)}`],
      ["PATCH", "/api/agents/%E2%80%AE%00/status"],
    ];
    for (const [method, path] of cases) {
      const res = await page.request.fetch(path, { method, data: method === "GET" || method === "DELETE" ? undefined : { name: "x" } });
      expect(res.status(), `${method} ${path.slice(0, 40)}`).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: "Not found" });
    }
    const query = await page.request.get("/api/billing/usage-history?page=%00");
    expect(query.status()).toBe(400);
    expect(await query.json()).toEqual({ error: "bad_request", message: "The query string contains invalid characters" });
    const body = await page.request.post("/api/feedback", { headers: { "content-type": "application/json" }, data: '{"message":"hello there \\u0000 friend"}' });
    expect(body.status()).toBe(400);
    expect(await body.json()).toEqual({ error: "bad_request", message: "The request body contains invalid characters" });
  });

  // The vitest walker (test/api/junk-input.test.ts) cannot run NextAuth's handler outside Next.js;
  // its routes get their junk here. NextAuth answers with redirects and its own JSON, never a 5xx.
  test("NextAuth's /api/auth/* routes answer junk without a 5xx and sign nobody in", async ({ request }) => {
    const victim = await createUser();
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0 });
    const junkCredentials: Record<string, string>[] = [
      {},
      { csrfToken: "junk", email: victim.email, password: victim.password },
      { csrfToken, email: `${victim.email}\u0000`, password: victim.password },
      { csrfToken, email: "\u0000", password: "\u0000" },
      { csrfToken, email: "a\ud800@example.test", password: "x" },
      { csrfToken, email: "x".repeat(100_000), password: "y".repeat(100_000) },
      { csrfToken, email: victim.email, password: "wrong", callbackUrl: "https://evil.example/\u0000" },
      { csrfToken, "__proto__[admin]": "1", "constructor[prototype][x]": "1" },
    ];
    const answers: [string, number][] = [];
    for (const fields of junkCredentials) {
      answers.push(["POST callback/credentials", (await request.post("/api/auth/callback/credentials", form(fields))).status()]);
      answers.push(["POST callback/credentials?json", (await request.post("/api/auth/callback/credentials", form({ ...fields, json: "true" }))).status()]);
    }
    const paths = ["%00", "signin/%00", "callback/%00", "signin/google?callbackUrl=%00", "callback/google?code=%00&state=%00", "providers?x=%00", "error?error=%00", `${"x".repeat(5000)}`, "session/%00", "csrf/extra"];
    for (const path of paths) {
      answers.push([`GET ${path.slice(0, 30)}`, (await request.get(`/api/auth/${path}`, { maxRedirects: 0 })).status()]);
      answers.push([`POST ${path.slice(0, 30)}`, (await request.post(`/api/auth/${path}`, { ...form({ csrfToken, junk: "\u0000" }) })).status()]);
    }
    for (const cookie of ["next-auth.session-token=junk.junk.junk", `next-auth.session-token=${"x".repeat(3000)}`, "next-auth.csrf-token=%00%00", "next-auth.callback-url=%00"]) {
      answers.push([`session with ${cookie.slice(0, 30)}`, (await request.get("/api/auth/session", { headers: { cookie } })).status()]);
      answers.push([`signout with ${cookie.slice(0, 30)}`, (await request.post("/api/auth/signout", { ...form({ csrfToken: "junk" }), headers: { cookie } })).status()]);
    }
    answers.push(["POST _log", (await request.post("/api/auth/_log", { data: '{"level":"\u0000","code":{"__proto__":1}}', headers: { "content-type": "application/json" } })).status()]);
    expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
    const session = await (await request.get("/api/auth/session")).json();
    expect(session?.user).toBeUndefined();
  });
});
