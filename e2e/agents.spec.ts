import { test, expect, sql } from "./fixtures";
import { E2E } from "./support/ports";

// e2e/support/server.ts points every provider host at test/fakes/voice, where only this key,
// sent in the provider's own auth scheme, is valid.
const VALID_KEY = "valid-key-0123456789";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

test("create an agent, test a key against a fake provider, edit, pause, delete", async ({ signedIn: page, user }) => {
  await page.goto("/agents");
  await expect(page.getByRole("heading", { name: "No agents yet" })).toBeVisible();
  await page.getByRole("link", { name: "Create agent" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create Agent" })).toBeVisible();

  // Missing wake word is caught inline before anything is sent.
  await page.getByLabel("Name", { exact: true }).fill("Standup scribe");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByText("Wake word is required unless manual activation is on")).toBeVisible();

  await page.getByLabel("Wake word", { exact: true }).fill("hey scribe");
  await page.getByLabel("Instructions").fill("Summarise decisions when asked.");
  const stt = page.getByRole("group", { name: "Speech-to-text" });
  await expect(stt.getByLabel("Provider")).toHaveValue("deepgram");
  await stt.getByLabel("API key (Deepgram)").fill("wrong-key-000000");
  await stt.getByRole("button", { name: "Test key" }).click();
  await expect(stt.getByRole("status")).toContainText("Invalid key");
  await stt.getByLabel("API key (Deepgram)").fill(VALID_KEY);
  await stt.getByRole("button", { name: "Test key" }).click();
  await expect(stt.getByRole("status")).toContainText("Valid key");

  // The model picker writes the extra params; a bad value comes back inline from the server.
  const ai = page.getByRole("group", { name: "AI model" });
  await ai.getByLabel("Model").selectOption("gpt-4o");
  await expect(ai.getByLabel("Extra parameters (JSON)")).toHaveValue(/"model": "gpt-4o"/);
  await ai.getByLabel("Extra parameters (JSON)").fill('{"model": "gpt-4o", "temperature": 9}');
  await page.getByRole("radio", { name: "Microsoft Teams" }).check({ force: true });
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(ai.getByText('"temperature" must be between 0 and 2')).toBeVisible();
  await ai.getByLabel("Extra parameters (JSON)").fill('{"model": "gpt-4o", "temperature": 0.2}');
  await page.getByRole("button", { name: "Create agent" }).click();

  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByText("Agent “Standup scribe” created", { exact: true })).toBeVisible();
  const agents = page.getByRole("list", { name: "Your agents" });
  const card = agents.getByRole("listitem").filter({ hasText: "Standup scribe" });
  await expect(card).toContainText("Microsoft Teams");
  await expect(card).toContainText("Deepgram → OpenAI → ElevenLabs");
  await expect(card).toContainText("Active");
  await expect(card).toContainText("No meeting scheduled");
  const [stored] = await sql<{ enc: string }>(`SELECT "sttApiKeyEnc" AS enc FROM "Agent" WHERE "userId" = $1`, [user.id]);
  expect(stored.enc).toMatch(/^v1:/);
  expect(stored.enc).not.toContain(VALID_KEY);

  // Edit: the stored key shows only as a hint, can be tested without retyping, and is kept.
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Agent" })).toBeVisible();
  const editStt = page.getByRole("group", { name: "Speech-to-text" });
  await expect(editStt.getByText("A key is stored (…6789). Leave empty to keep it.")).toBeVisible();
  await expect(editStt.getByLabel("API key (Deepgram)")).toHaveValue("");
  await editStt.getByRole("button", { name: "Test key" }).click();
  await expect(editStt.getByRole("status")).toContainText("Valid key");
  await expect(page.getByRole("group", { name: "AI model" }).getByLabel("Model")).toHaveValue("gpt-4o");
  await page.getByLabel("Name", { exact: true }).fill("Standup scribe v2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const edited = agents.getByRole("listitem").filter({ hasText: "Standup scribe v2" });
  await expect(edited).toBeVisible();
  const [kept] = await sql<{ enc: string }>(`SELECT "sttApiKeyEnc" AS enc FROM "Agent" WHERE "userId" = $1`, [user.id]);
  expect(kept.enc).toBe(stored.enc);

  await edited.getByRole("button", { name: "Pause" }).click();
  await expect(edited).toContainText("Paused");
  await expect(edited.getByRole("button", { name: "Resume" })).toBeVisible();
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
  const [meeting] = await sql<{ status: string; reason: string }>(`SELECT status::text, "statusReason" AS reason FROM "Meeting" WHERE id = $1`, [`m-${user.id}`]);
  expect(meeting).toEqual({ status: "cancelled", reason: "agent_deleted" });
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
