import { test, expect } from "./fixtures";

test("health answers and guarded pages send signed-out visitors to sign-in with returnUrl", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  await page.goto("/billing?tab=usage");
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fbilling%3Ftab%3Dusage$/);
});

test("/signup replaces itself with the sign-up view of /signin", async ({ page }) => {
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/signin\?screen=signup$/);
});

test("API errors are JSON, never HTML", async ({ request }) => {
  const unknown = await request.get("/api/no-such-endpoint");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toContain("application/json");
  expect((await unknown.json()).error).toBe("not_found");
});
