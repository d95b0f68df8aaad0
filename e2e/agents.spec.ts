import { test, expect, sql } from "./fixtures";

const VALID_KEY = "valid-key-0123456789";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: "http://localhost:3210" }]);
});

test("create an agent, test a key against a fake provider, edit, pause, delete", async ({ signedIn: page, user }) => {
  await page.goto("/agents");
  await expect(page.getByRole("heading", { name: "No agents yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create agent" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Agent" })).toBeVisible();

  // Server-side validation shows inline: no wake word.
  await page.getByLabel("Name", { exact: true }).fill("Standup scribe");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByText("Wake word is required unless manual activation is on").first()).toBeVisible();

  await page.getByLabel("Wake word", { exact: true }).fill("hey scribe");
  await page.getByLabel("Instructions").fill("Summarise decisions when asked.");
  const stt = page.getByRole("group", { name: "Speech-to-text" });
  await stt.getByLabel("API key (Deepgram)").fill("wrong-key-000000");
  await stt.getByRole("button", { name: "Test key" }).click();
  await expect(stt.getByRole("status")).toContainText("Invalid key");
  await stt.getByLabel("API key (Deepgram)").fill(VALID_KEY);
  await stt.getByRole("button", { name: "Test key" }).click();
  await expect(stt.getByRole("status")).toContainText("Valid key");

  const ai = page.getByRole("group", { name: "AI model" });
  await ai.getByLabel("Model").selectOption("gpt-4o");
  await expect(ai.getByLabel("Extra parameters (JSON)")).toHaveValue(/"model": "gpt-4o"/);
  await ai.getByLabel("Extra parameters (JSON)").fill('{"temperature": 9}');
  await page.getByLabel("Platform").selectOption("teams");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByText('"temperature" must be between 0 and 2').first()).toBeVisible();
  await ai.getByLabel("Extra parameters (JSON)").fill('{"temperature": 0.2}');
  await page.getByRole("button", { name: "Create agent" }).click();

  await expect(page).toHaveURL(/\/agents$/);
  const card = page.getByRole("listitem").filter({ hasText: "Standup scribe" });
  await expect(card).toContainText("Teams");
  await expect(card).toContainText("Deepgram → OpenAI → ElevenLabs");
  await expect(card).toContainText("Active");
  const [stored] = await sql<{ enc: string }>(`SELECT "sttApiKeyEnc" AS enc FROM "Agent" WHERE "userId" = $1`, [user.id]);
  expect(stored.enc).toMatch(/^v1:/);
  expect(stored.enc).not.toContain(VALID_KEY);

  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Agent" })).toBeVisible();
  await expect(page.getByText("A key is stored (…6789). Leave empty to keep it.")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Standup scribe v2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const edited = page.getByRole("listitem").filter({ hasText: "Standup scribe v2" });
  await expect(edited).toBeVisible();

  await edited.getByRole("button", { name: "Pause" }).click();
  await expect(edited).toContainText("Paused");
  await edited.getByRole("button", { name: "Resume" }).click();
  await expect(edited).toContainText("Active");

  await sql(
    `INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, "scheduledStart", "updatedAt")
     SELECT $2, $1, id, 'Retro', 'https://teams.microsoft.com/l/meetup-join/x', 'teams', now() + interval '1 day', now() FROM "Agent" WHERE "userId" = $1`,
    [user.id, `m-${user.id}`],
  );
  await page.reload();
  await expect(edited).toContainText("Next: Retro");
  await edited.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("1 scheduled or running meeting of this agent will be cancelled.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "No agents yet" })).toBeVisible();
  const [meeting] = await sql<{ status: string }>(`SELECT status::text FROM "Meeting" WHERE id = $1`, [`m-${user.id}`]);
  expect(meeting.status).toBe("cancelled");
});

test("unsaved changes: leaving the form through a link asks first", async ({ signedIn: page }) => {
  await page.goto("/agents/create");
  await page.getByLabel("Name", { exact: true }).fill("Half-finished");
  const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
  page.once("dialog", (d) => {
    expect(d.message()).toBe("You have unsaved changes. Leave anyway?");
    void d.dismiss();
  });
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/agents\/create$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Half-finished");
  page.once("dialog", (d) => void d.accept());
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
});
