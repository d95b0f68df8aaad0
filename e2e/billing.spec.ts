import { test, expect, sql } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: "http://localhost:3210" }]);
});

test("top-up in test mode: choose an amount, pay on the labelled test checkout, the header balance updates", async ({ signedIn: page }) => {
  await page.goto("/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("balance")).toContainText("$0.00");
  await expect(page.getByText("No usage yet.")).toBeVisible();
  await expect(page.getByText("No top-ups yet.")).toBeVisible();
  await expect(page.getByText("$0.02 per minute")).toBeVisible();

  await page.getByLabel("Custom amount (USD)").fill("3");
  await expect(page.getByRole("button", { name: /^Top up/ })).toBeDisabled();
  await page.getByRole("button", { name: "$50.00" }).click();
  await page.getByRole("button", { name: "Top up $50.00" }).click();

  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay $50.00" }).click();

  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByText("Payment received. Your balance has been updated.").first()).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("balance")).toContainText("$50.00");
  await expect(page.getByTestId("billing-balance")).toHaveText("$50.00");
  await expect(page.getByRole("cell", { name: "Test checkout" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Completed" })).toBeVisible();
});

test("cancelling the checkout returns with a notice and charges nothing", async ({ signedIn: page, user }) => {
  await page.goto("/billing");
  await page.getByRole("button", { name: "Top up $25.00" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Top-up cancelled. You have not been charged.").first()).toBeVisible();
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "LedgerEntry" WHERE "userId" = $1`, [user.id]);
  expect(n).toBe(0);
});

test("usage history pages through charges with agent and meeting names", async ({ signedIn: page, user }) => {
  await sql(
    `WITH a AS (INSERT INTO "Agent" (id, "userId", name, "sttProviderId", "aiProviderId", "ttsProviderId", "updatedAt") VALUES ($2, $1, 'Notetaker', 'deepgram', 'openai', 'elevenlabs', now()) RETURNING id),
     m AS (INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, "scheduledStart", "updatedAt") SELECT $3, $1, id, 'Design review', 'https://zoom.us/j/9', 'zoom', now(), now() FROM a RETURNING id, "agentId"),
     c AS (INSERT INTO "CreditAccount" (id, "userId", "balanceMicros", "usageEntryCount", "updatedAt") VALUES ($4, $1, 9160000, 42, now()) RETURNING id)
     INSERT INTO "LedgerEntry" ("accountId", "userId", type, "amountMicros", "balanceAfterMicros", "idempotencyKey", action, "meetingId", "agentId")
     SELECT c.id, $1, 'usage', -20000, 0, 'e2e:' || g, 'agent_minute', m.id, m."agentId" FROM c, m, generate_series(1, 42) g`,
    [user.id, `ag-${user.id}`, `mt-${user.id}`, `ca-${user.id}`],
  );
  await page.goto("/billing");
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Design review" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Notetaker" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(page.getByRole("img", { name: "Spend per day" })).toBeVisible();
});

test("auto-refill: needs a card first, then enable, change and turn off", async ({ signedIn: page }) => {
  await page.goto("/billing");
  await expect(page.getByText("Top up once with a card to enable auto-refill.")).toBeVisible();
  await page.getByRole("button", { name: "$10.00", exact: true }).click();
  await page.getByRole("button", { name: "Top up $10.00" }).click();
  await page.getByRole("button", { name: "Pay $10.00" }).click();
  await expect(page).toHaveURL(/\/billing$/);

  const status = page.getByTestId("auto-refill-status");
  await expect(status).toHaveText("Auto-refill is off.");
  await page.getByLabel("Refill amount (USD)").fill("40");
  await page.getByLabel("When balance falls below (USD)").fill("8");
  await page.getByRole("button", { name: "Enable auto-refill" }).click();
  await expect(status).toHaveText("Auto-refill is on: $40.00 when the balance falls below $8.00.");

  await page.getByLabel("Refill amount (USD)").fill("2");
  await page.getByRole("button", { name: "Save auto-refill" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Auto-refill amount must be a whole number of US dollars between 5 and 1000" })).toBeVisible();
  await expect(status).toHaveText("Auto-refill is on: $40.00 when the balance falls below $8.00.");

  await page.reload();
  await expect(status).toHaveText("Auto-refill is on: $40.00 when the balance falls below $8.00.");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(status).toHaveText("Auto-refill is off.");
});
