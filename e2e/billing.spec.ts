import type { Page } from "@playwright/test";
import { test, expect, sql, waitForMail } from "./fixtures";
import { E2E } from "./support/ports";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

/** A paid test top-up, which also keeps the test card on file (needed for auto-refill). */
async function topUpOnce(page: Page, amount = "$10.00") {
  await page.goto("/billing");
  await page.getByRole("button", { name: amount, exact: true }).click();
  await page.getByRole("button", { name: `Top up ${amount}` }).click();
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/billing$/);
}

test("top-up in test mode: choose an amount, pay on the labelled test checkout, the header balance updates, a receipt is e-mailed", async ({ signedIn: page, user }) => {
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
  // One heading says what the page is; the card does not repeat it.
  await expect(page.getByRole("heading", { name: "Test checkout" })).toHaveCount(1);
  await page.getByRole("button", { name: "Pay $50.00" }).click();

  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByText("Payment received. Your balance has been updated.").first()).toBeVisible();
  await expect(page.getByRole("banner").getByTestId("balance")).toContainText("$50.00");
  await expect(page.getByTestId("billing-balance")).toHaveText("$50.00");
  await expect(page.getByRole("cell", { name: "Test checkout" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Completed" })).toBeVisible();
  // Billing says it runs in test mode, and a receipt arrives by e-mail (text and HTML).
  await expect(page.getByRole("note")).toContainText("TEST MODE");
  const receipt = await waitForMail(user.email);
  expect(receipt.subject).toBe("Receipt: Cohost top-up of $50.00");
  expect(receipt.text).toMatch(/New balance:\s+\$50\.00/);
  expect(receipt.html).toContain("$50.00");
});

test("cancelling the checkout returns with a notice and charges nothing", async ({ signedIn: page, user }) => {
  await page.goto("/billing");
  await page.getByRole("button", { name: "Top up $25.00" }).click();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText("Top-up cancelled. You have not been charged.").first()).toBeVisible();
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "LedgerEntry" WHERE "userId" = $1`, [user.id]);
  expect(n).toBe(0);
});

test("usage history: one row per meeting with its agent time and cost, paged over meetings; the spend chart has an axis, dates and the total", async ({ signedIn: page, user }) => {
  // 42 billed minutes in one meeting, 22 short meetings before it and an untitled one after: 24 meetings, two pages.
  await sql(
    `WITH a AS (INSERT INTO "Agent" (id, "userId", name, "sttProviderId", "aiProviderId", "ttsProviderId", "updatedAt") VALUES ($2, $1, 'Notetaker', 'deepgram', 'openai', 'elevenlabs', now()) RETURNING id),
     c AS (INSERT INTO "CreditAccount" (id, "userId", "balanceMicros", "usageEntryCount", "updatedAt") VALUES ($3, $1, 9160000, 87, now()) RETURNING id),
     short AS (INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, "scheduledStart", "updatedAt")
               SELECT $1 || '-s' || g, $1, a.id, 'Standup ' || g, 'https://zoom.us/j/' || g, 'zoom', now(), now() FROM a, generate_series(1, 22) g RETURNING id, "agentId"),
     e1 AS (INSERT INTO "LedgerEntry" ("accountId", "userId", type, "amountMicros", "balanceAfterMicros", "idempotencyKey", action, quantity, "meetingId", "agentId")
            SELECT c.id, $1, 'usage', -20000, 0, 'e2e:' || short.id || ':' || g, 'agent_minute', 1, short.id, short."agentId" FROM c, short, generate_series(1, 2) g RETURNING 1)
     SELECT count(*) FROM e1`,
    [user.id, `ag-${user.id}`, `ca-${user.id}`],
  );
  await sql(
    `WITH m AS (INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, "scheduledStart", "updatedAt") VALUES ($2, $1, $3, 'Design review', 'https://zoom.us/j/9', 'zoom', now(), now()) RETURNING id, "agentId")
     INSERT INTO "LedgerEntry" ("accountId", "userId", type, "amountMicros", "balanceAfterMicros", "idempotencyKey", action, quantity, "meetingId", "agentId")
     SELECT $4, $1, 'usage', -20000, 0, 'e2e:review:' || g, 'agent_minute', 1, m.id, m."agentId" FROM m, generate_series(1, 42) g`,
    [user.id, `mt-${user.id}`, `ag-${user.id}`, `ca-${user.id}`],
  );
  // The latest: a meeting sent by link without a title, one minute.
  await sql(
    `WITH m AS (INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, "scheduledStart", "updatedAt") VALUES ($2, $1, $3, '', 'https://zoom.us/j/85212345678', 'zoom', now(), now()) RETURNING id, "agentId")
     INSERT INTO "LedgerEntry" ("accountId", "userId", type, "amountMicros", "balanceAfterMicros", "idempotencyKey", action, quantity, "meetingId", "agentId")
     SELECT $4, $1, 'usage', -20000, 0, 'e2e:untitled', 'agent_minute', 1, m.id, m."agentId" FROM m`,
    [user.id, `mu-${user.id}`, `ag-${user.id}`, `ca-${user.id}`],
  );
  await page.goto("/billing");
  const usage = page.getByRole("region", { name: "Usage history" });
  await expect(usage.getByText("Page 1 of 2")).toBeVisible();
  const review = usage.getByRole("row").filter({ hasText: "Design review" });
  await expect(review.getByRole("cell")).toHaveText([/./, "Design review", "Notetaker", "42 minutes", "$0.84"]);
  // A meeting without a title is named after where it is, as on the meetings pages.
  await expect(usage.getByRole("row").nth(1).getByRole("cell")).toHaveText([/./, "Zoom meeting 852 1234 5678", "Notetaker", "1 minute", "$0.02"]);
  await expect(usage.getByRole("row")).toHaveCount(21); // header + 20 meetings
  await usage.getByRole("button", { name: "Next" }).click();
  await expect(usage.getByText("Page 2 of 2")).toBeVisible();
  await expect(usage.getByRole("row")).toHaveCount(5);
  await expect(usage.getByRole("button", { name: "Next" })).toBeDisabled();

  // Spend per day: the total, a money axis with round steps, and today's bar labelled with its amount.
  const spend = page.getByRole("region", { name: "Spend per day" });
  await expect(spend.getByText("Last 30 days: $1.74")).toBeVisible();
  const chart = spend.getByTestId("spend-chart");
  await expect(chart.getByText("$2.00", { exact: true })).toBeVisible();
  await expect(chart.getByText("$1.00", { exact: true })).toBeVisible();
  await expect(chart.getByText("$1.74", { exact: true })).toBeVisible();
  // Screen readers get the figures as a table.
  await expect(spend.getByRole("table", { name: "Spend per day" }).getByRole("cell", { name: "$1.74" })).toBeAttached();

  // With rows in both tables and a chart, a phone still needs no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(spend.getByText("Last 30 days: $1.74")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The usage table fits too (the agent column is left out): the cost is seen without scrolling it.
  expect(await usage.getByRole("table").evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  await usage.getByRole("button", { name: "Previous" }).click();
  await review.getByRole("link", { name: "Design review" }).click();
  await expect(page).toHaveURL(new RegExp(`/meetings/mt-${user.id}/details$`));
});

test("auto-refill: needs a card first, refuses settings that cannot work, confirms turning off and keeps the saved values", async ({ signedIn: page }) => {
  await page.goto("/billing");
  await expect(page.getByText("Top up once with a card to enable auto-refill.")).toBeVisible();
  await topUpOnce(page);

  const status = page.getByTestId("auto-refill-status");
  const amount = page.getByLabel("Refill amount (USD)");
  const threshold = page.getByLabel("Threshold (USD)");
  const enable = page.getByRole("button", { name: "Enable auto-refill" });
  await expect(status).toHaveText("Auto-refill is off.");

  // A threshold of $0 would refill only after agents have stopped.
  await amount.fill("40");
  await threshold.fill("0");
  await expect(page.getByText("Enter an amount from $1.00 to $1,000.00")).toBeVisible();
  await expect(enable).toBeDisabled();
  // A refill that leaves the balance under the threshold would charge again at once.
  await threshold.fill("50");
  await expect(page.getByText("The refill amount must be more than the threshold, or one refill would leave the balance below it")).toBeVisible();
  await expect(enable).toBeDisabled();
  // The server applies the same rules to any client.
  const refused = await page.request.post("/api/billing/auto-refill", { data: { amount: 40, threshold: 0 }, headers: { origin: E2E.appUrl } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe("Threshold must be between 1 and 1000 US dollars, in whole cents");

  await threshold.fill("8.50");
  await enable.click();
  await expect(status).toHaveText("Auto-refill is on: $40.00 when the balance falls below $8.50.");

  await amount.fill("2");
  await expect(page.getByText("Enter an amount from $5.00 to $1,000.00")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save auto-refill" })).toBeDisabled();
  await page.reload();
  await expect(status).toHaveText("Auto-refill is on: $40.00 when the balance falls below $8.50.");

  // Turning off asks first; "Keep it on" changes nothing.
  await page.getByRole("button", { name: "Turn off" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Turn off auto-refill?" });
  await expect(confirm).toContainText("Agents stop joining meetings when the balance reaches $0.00.");
  await confirm.getByRole("button", { name: "Keep it on" }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toHaveText("Auto-refill is on: $40.00 when the balance falls below $8.50.");
  await page.getByRole("button", { name: "Turn off" }).click();
  await confirm.getByRole("button", { name: "Turn off" }).click();
  await expect(status).toHaveText("Auto-refill is off.");
  // The saved values stay in the form for turning it on again.
  await expect(amount).toHaveValue("40");
  await expect(threshold).toHaveValue("8.5");
  await page.reload();
  await expect(amount).toHaveValue("40");
  await expect(threshold).toHaveValue("8.5");
});

test("money input: a typed amount is read exactly (cents too) or refused with a reason, and the button names the exact charge", async ({ signedIn: page }) => {
  await page.goto("/billing");
  const custom = page.getByLabel("Custom amount (USD)");
  const topUp = page.getByRole("button", { name: /^Top up/ });
  await expect(page.getByText("From $5.00 to $1,000.00; cents are fine, e.g. 12.50")).toBeVisible();

  await custom.fill("12.5");
  await expect(custom).toHaveValue("12.5");
  await expect(topUp).toHaveText("Top up $12.50");
  await custom.fill("12,50");
  await expect(custom).toHaveValue("12,50");
  await expect(topUp).toHaveText("Top up $12.50");
  await custom.fill("1,000");
  await expect(topUp).toHaveText("Top up $1,000.00");

  const refusals: [string, string][] = [
    ["-5", "Enter the amount in dollars and cents, e.g. 12.50"],
    ["12.505", "Use at most two decimal places (cents)"],
    ["3", "Enter an amount from $5.00 to $1,000.00"],
    ["1000.01", "Enter an amount from $5.00 to $1,000.00"],
    ["ten", "Enter the amount in dollars and cents, e.g. 12.50"],
  ];
  for (const [typed, reason] of refusals) {
    await custom.fill(typed);
    await expect(custom, "the typed text is never changed").toHaveValue(typed);
    await expect(page.getByText(reason)).toBeVisible();
    await expect(topUp).toHaveText("Top up");
    await expect(topUp).toBeDisabled();
  }

  await custom.fill("12.5");
  await topUp.click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await page.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId("billing-balance")).toHaveText("$12.50");
});

test("an abandoned checkout expires instead of staying pending, and can no longer be paid", async ({ signedIn: page, user }) => {
  await page.goto("/billing");
  await page.getByRole("button", { name: "Top up $25.00" }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  const checkoutUrl = page.url();
  await page.goto("/billing");
  const history = page.getByRole("region", { name: "Top-up history" });
  await expect(history.getByRole("cell", { name: "Pending" })).toBeVisible();

  // An hour later (checkouts live as long as the Stripe sessions Cohost creates).
  await sql(`UPDATE "TopUp" SET "createdAt" = now() - interval '61 minutes' WHERE "userId" = $1`, [user.id]);
  await page.reload();
  await expect(history.getByRole("cell", { name: "Expired" })).toBeVisible();
  await expect(history.getByRole("cell", { name: "Pending" })).toHaveCount(0);
  await page.goto(checkoutUrl);
  await expect(page.getByText("This checkout has expired. Start a new top-up from the billing page.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $25.00" })).toBeDisabled();
});

test("layout: the threshold box sits level with the amount box, the top-up history spans the page, and phones need no sideways scrolling", async ({ signedIn: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await topUpOnce(page);
  const box = async (label: string) => (await page.getByLabel(label).boundingBox())!;
  expect((await box("Refill amount (USD)")).y).toBe((await box("Threshold (USD)")).y);
  const usage = (await page.getByRole("region", { name: "Usage history" }).boundingBox())!;
  const history = (await page.getByRole("region", { name: "Top-up history" }).boundingBox())!;
  expect(history.width).toBe(usage.width);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("billing-balance")).toHaveText("$10.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Top up $25.00" })).toBeInViewport();
});
