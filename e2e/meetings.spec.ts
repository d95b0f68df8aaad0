import { test, expect, createAgentViaApi, sql, topUp } from "./fixtures";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: "http://localhost:3210" }]);
});

test("empty state leads to creating an agent first", async ({ signedIn: page }) => {
  await page.goto("/meetings");
  await expect(page.getByRole("heading", { level: 1, name: "Meetings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No meetings yet" })).toBeVisible();
  await expect(page.getByText("Create an agent first; it is the one that joins.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create agent" })).toHaveAttribute("href", "/agents/create");
});

test("send an agent to a meeting by link, follow it, stop it; schedule another and cancel it", async ({ signedIn: page }) => {
  await topUp(page.request, 10);
  const agent = await createAgentViaApi(page.request, { name: "Standup buddy" });
  // A test room: the one meeting the agent can really join on this offline machine (the worker that
  // npm start runs picks it up).
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  await page.goto("/meetings");
  await page.getByRole("button", { name: "Send agent to a meeting" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Send agent to a meeting" });
  await expect(dialog.getByLabel("Agent")).toHaveValue(agent.id);

  // Live validation: a junk link explains which links work; a real one shows its platform.
  const link = dialog.getByLabel("Meeting link");
  await link.fill("https://example.com/call/123");
  await link.blur();
  await expect(dialog.getByText(/Paste a Zoom \(zoom\.us\/j\/…\)/)).toBeVisible();
  await link.fill("https://us02web.zoom.us/j/85212345678?pwd=abc");
  await expect(dialog.getByText("✓ Zoom link")).toBeVisible();
  await link.fill(room.url);
  await expect(dialog.getByText("✓ Test room link")).toBeVisible();
  await dialog.getByLabel("Title (optional)").fill("Daily standup");
  await dialog.getByRole("button", { name: "Send agent now" }).click();

  // Joining now opens the meeting's page, which follows the agent in.
  await expect(page).toHaveURL(/\/meetings\/[^/]+\/details$/);
  await expect(page.getByRole("heading", { name: "Daily standup" })).toBeVisible();
  await expect(page.getByText("Standup buddy", { exact: true })).toBeVisible();
  await expect(page.getByText("The agent was asked to join.")).toBeVisible();
  await expect(page.getByText("In progress", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Joining → In progress")).toBeVisible();

  // Sending it again to the same meeting is refused with the reason.
  await page.goto("/meetings");
  await page.getByRole("button", { name: "Send agent to a meeting" }).first().click();
  await dialog.getByLabel("Meeting link").fill(room.url);
  await dialog.getByRole("button", { name: "Send agent now" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This agent is already in this meeting.");
  await dialog.getByRole("button", { name: "Cancel" }).first().click();

  // Stop from the list asks first, then the meeting is completed.
  const row = page.getByRole("row", { name: /Daily standup/ });
  await row.getByRole("button", { name: "Stop the agent in Daily standup" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Stop agent" }).click();
  await expect(row.getByText("Completed", { exact: true })).toBeVisible();
  await expect(row.getByText("You stopped the agent.")).toBeVisible();

  // Schedule one for tomorrow, then cancel it.
  await page.getByRole("button", { name: "Send agent to a meeting" }).first().click();
  await dialog.getByLabel("Meeting link").fill("meet.google.com/abc-defg-hij");
  await expect(dialog.getByText("✓ Google Meet link")).toBeVisible();
  await dialog.getByLabel("Title (optional)").fill("Planning");
  await dialog.getByLabel("Later").check();
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  await dialog.getByLabel("Start time").fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:30`);
  await dialog.getByRole("button", { name: "Schedule agent" }).click();
  await expect(page.getByText(/Standup buddy will join on/).first()).toBeVisible();
  const planning = page.getByRole("row", { name: /Planning/ });
  await expect(planning.getByText("Scheduled", { exact: true })).toBeVisible();
  await planning.getByRole("button", { name: "Cancel Planning" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel meeting" }).click();
  await expect(planning.getByText("Cancelled", { exact: true })).toBeVisible();

  // Filters: by status.
  await page.getByLabel("Status").selectOption("cancelled");
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByRole("row", { name: /Planning/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Daily standup/ })).toHaveCount(0);
});

test("a failed meeting explains why on its page, with its timeline; phone layout shows cards", async ({ signedIn: page, user }) => {
  await topUp(page.request, 5);
  const agent = await createAgentViaApi(page.request);
  // Scheduled for tomorrow, so no worker picks it up while the test plays the bot's part.
  const startAt = new Date(Date.now() + 24 * 3600_000).toISOString();
  const res = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: "https://teams.live.com/meet/9398765432101?p=AbC", title: "Customer call", startAt } });
  const { id } = await res.json();
  // The bot runtime would write this; the page must explain it.
  await sql(`UPDATE "Meeting" SET status = 'failed', "statusReason" = 'waiting_room_timeout', "endedAt" = now() WHERE id = $1 AND "userId" = $2`, [id, user.id]);
  await sql(`INSERT INTO "MeetingEvent" (id, "meetingId", "fromStatus", "toStatus", reason) VALUES ($1, $2, 'waiting_room', 'failed', 'waiting_room_timeout')`, [`ev-${id}`, id]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/meetings");
  const card = page.getByRole("list", { name: "Meetings" }).getByRole("listitem").filter({ hasText: "Customer call" });
  await expect(card.getByText("Failed", { exact: true })).toBeVisible();
  await expect(card.getByText(/Nobody let the agent in from the waiting room in time/)).toBeVisible();
  await card.getByRole("link", { name: "Customer call" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nobody let the agent in" })).toBeVisible();
  await expect(page.getByText("In waiting room → Failed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Restart the agent in Customer call" })).toBeVisible();
});

test("another user's meeting page says it is not found", async ({ signedIn: page }) => {
  await page.goto("/meetings/does-not-exist/details");
  await expect(page.getByText("Meeting not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to meetings" })).toBeVisible();
});
