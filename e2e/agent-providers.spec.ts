import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, sql, topUp } from "./fixtures";
import { E2E } from "./support/ports";

// The provider part of the agent form as a person uses it: the models of their own account after
// Test key, a server of their own (base URL, model), extra parameters checked as they type, an agent
// saved without keys ("Needs keys") and a stored key the provider refused. The providers are the
// e2e stack's fakes (test/fakes/voice), where only this key is valid.
const VALID_KEY = "valid-key-0123456789";
const SHOTS = "test-results/agent-providers";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
});

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function startAgent(page: Page, name: string) {
  await page.goto("/agents");
  await page.getByRole("link", { name: "Create agent" }).first().click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Wake word", { exact: true }).fill("hey helper");
}

test("Test key lists the models of the user's own account; the edit form lists them again with the stored key", async ({ signedIn: page, user }) => {
  await topUp(page.request, 5); // with credit, a ready agent reads "Active"
  await startAgent(page, "Account models");
  const ai = page.getByRole("group", { name: "AI model" });
  const model = ai.getByRole("combobox", { name: "Model" });
  // Before a key is tested: the catalogue's suggestions, and any model id may be typed.
  await expect(ai.getByText("Suggestions; any model id works. Test your key to see your account's models.")).toBeVisible();
  await expect(model).toHaveAttribute("placeholder", "Default: gpt-4o-mini");
  const options = () => model.evaluate((el: HTMLInputElement) => [...(el.list?.options ?? [])].map((o) => o.value));
  expect(await options()).not.toContain("ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa");

  await ai.getByLabel("API key (OpenAI)").fill(VALID_KEY);
  await expect(ai.getByText("Stored encrypted when you save.")).toBeVisible();
  await ai.getByRole("button", { name: "Test key" }).click();
  await expect(ai.getByText("The key works.")).toBeVisible();
  // The account's chat models, its fine-tuned one included; audio and embedding models are not offered here.
  await expect(ai.getByText(/^\d+ models from your OpenAI account\. Any model id works too\.$/)).toBeVisible();
  expect(await options()).toEqual(expect.arrayContaining(["gpt-5-mini", "ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa"]));
  expect(await options()).not.toContain("whisper-1");
  await model.fill("ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa");

  // ElevenLabs: the account's voices, a cloned one among them.
  const tts = page.getByRole("group", { name: "Text-to-speech" });
  await tts.getByLabel("API key (ElevenLabs)").fill(VALID_KEY);
  await tts.getByRole("button", { name: "Test key" }).click();
  await expect(tts.getByText("The key works.")).toBeVisible();
  await tts.getByLabel("Voice").selectOption({ label: "My cloned voice" });
  // The chosen voice speaks a sample through our server before any meeting does.
  await tts.getByRole("button", { name: "Play a sample" }).click();
  await expect(tts.getByText("Playing a sample of this voice…")).toBeVisible();
  await page.getByRole("group", { name: "Speech-to-text" }).getByLabel("API key (Deepgram)").fill(VALID_KEY);

  await page.setViewportSize({ width: 1280, height: 900 });
  await ai.screenshot({ path: `${SHOTS}/account-models-ai-desktop.png` });
  await tts.screenshot({ path: `${SHOTS}/account-models-tts-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await ai.screenshot({ path: `${SHOTS}/account-models-ai-phone.png` });
  await axeClean(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page);
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const [stored] = await sql<{ ai: object; tts: object }>(`SELECT "aiExtraParams" AS ai, "ttsExtraParams" AS tts FROM "Agent" WHERE "userId" = $1`, [user.id]);
  expect(stored.ai).toEqual({ model: "ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa" });
  expect(stored.tts).toEqual({ voiceId: "cL0n3dV01c3Xyz123456" });

  // The edit form lists the account's models at once, with the key the agent stores (never shown).
  const card = page.getByRole("list", { name: "Your agents" }).getByRole("listitem").filter({ hasText: "Account models" });
  await expect(card).toContainText("Active");
  await card.getByRole("link", { name: "Edit" }).click();
  const editAi = page.getByRole("group", { name: "AI model" });
  await expect(editAi.getByRole("combobox", { name: "Model" })).toHaveValue("ft:gpt-4o-mini-2024-07-18:acme::BxT2k9Qa");
  await expect(editAi.getByText(/models from your OpenAI account/)).toBeVisible();
  await expect(page.getByRole("group", { name: "Text-to-speech" }).getByLabel("Voice").locator("option:checked")).toHaveText("My cloned voice");
  expect(await page.content()).not.toContain(VALID_KEY);
});

test("a server of the user's own: base URL and model fields, checked before saving; its address guarded", async ({ signedIn: page, user }) => {
  await startAgent(page, "Own server");
  const ai = page.getByRole("group", { name: "AI model" });
  await ai.getByLabel("Provider").selectOption({ label: "OpenAI-compatible" });
  const baseUrl = ai.getByLabel("Base URL");
  const model = ai.getByRole("combobox", { name: "Model" });
  await expect(baseUrl).toBeVisible();
  await expect(ai.getByText("Optional: only if your server asks for a key.")).toBeVisible();

  // Test key before a base URL says what is missing (no "baseUrl is required").
  await ai.getByLabel("API key (OpenAI-compatible)").fill("local-key-123456");
  await ai.getByRole("button", { name: "Test key" }).click();
  await expect(ai.getByText("Enter the base URL first.")).toBeVisible();

  // The model is required here and says so once the user moves on, before any submit.
  await model.click();
  await baseUrl.click();
  await expect(ai.getByText("Model is required.")).toBeVisible();
  await baseUrl.fill("ftp://llm.example.com/v1");
  await expect(ai.getByText("Base URL must start with http:// or https://.")).toBeVisible();
  // A server on our own network is refused by the server (SSRF guard), said where the user looks.
  await baseUrl.fill(`http://127.0.0.1:${E2E.voiceFakesPort}/openai-compatible/v1`);
  await ai.getByRole("button", { name: "Test key" }).click();
  await expect(ai.getByText('Could not test the key: "baseUrl" must not point to a private network address')).toBeVisible();

  await baseUrl.fill("https://llm.example.com/v1");
  await model.fill("llama-3.3-70b");
  await expect(ai.getByText("Model is required.")).toHaveCount(0);
  // Its text-to-speech: the voice by name in a field of its own, not only in the JSON (issue 31).
  const tts = page.getByRole("group", { name: "Text-to-speech" });
  await tts.getByLabel("Provider").selectOption({ label: "OpenAI-compatible" });
  await tts.getByLabel("Base URL").fill("https://tts.example.com/v1");
  await tts.getByRole("combobox", { name: "Model" }).fill("kokoro");
  await expect(tts.getByText("The voice’s name on your server. Empty: alloy.")).toBeVisible();
  await tts.getByLabel("Voice", { exact: true }).fill("af_bella");
  await expect(tts.getByLabel("Extra parameters (JSON)")).toHaveValue("{}");
  await page.setViewportSize({ width: 390, height: 844 });
  await ai.screenshot({ path: `${SHOTS}/own-server-phone.png` });
  await tts.screenshot({ path: `${SHOTS}/own-server-tts-phone.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await ai.screenshot({ path: `${SHOTS}/own-server-desktop.png` });
  await tts.screenshot({ path: `${SHOTS}/own-server-tts-desktop.png` });
  await axeClean(page);
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const [stored] = await sql<{ ai: object; tts: object; enc: string | null }>(`SELECT "aiExtraParams" AS ai, "ttsExtraParams" AS tts, "aiApiKeyEnc" AS enc FROM "Agent" WHERE "userId" = $1`, [user.id]);
  expect(stored.ai).toEqual({ baseUrl: "https://llm.example.com/v1", model: "llama-3.3-70b" });
  expect(stored.tts).toEqual({ baseUrl: "https://tts.example.com/v1", model: "kokoro", voice: "af_bella" });
  expect(stored.enc).toMatch(/^v1:/);
  // Opened again, the voice is in its field.
  await page.getByRole("link", { name: "Edit Own server" }).click();
  await expect(page.getByRole("group", { name: "Text-to-speech" }).getByLabel("Voice", { exact: true })).toHaveValue("af_bella");
});

test("an agent saved without keys needs keys: it says which, is not offered for the test room, and is ready once they are added", async ({ signedIn: page }) => {
  await topUp(page.request, 5);
  await startAgent(page, "Draft");
  await page.getByRole("button", { name: "Create agent" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const card = page.getByRole("list", { name: "Your agents" }).getByRole("listitem").filter({ hasText: "Draft" });
  await expect(card).toContainText("Needs keys");
  await expect(card).toContainText("No API keys for Deepgram (Speech-to-text), OpenAI (AI model), and ElevenLabs (Text-to-speech). The agent cannot join meetings until you add them.");
  await expect(card.getByRole("button", { name: /test room/i })).toHaveCount(0);
  await card.screenshot({ path: `${SHOTS}/needs-keys-card-desktop.png` });
  await axeClean(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: `${SHOTS}/needs-keys-card-phone.png` });
  await axeClean(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole("link", { name: "Add keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Agent" })).toBeVisible();
  for (const [group, label] of [["Speech-to-text", "API key (Deepgram)"], ["AI model", "API key (OpenAI)"], ["Text-to-speech", "API key (ElevenLabs)"]]) {
    const step = page.getByRole("group", { name: group });
    await expect(step.getByText(/Needed before the agent can join a meeting\./)).toBeVisible();
    await step.getByLabel(label).fill(VALID_KEY);
  }
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(card).toContainText("Active");
  await expect(card).not.toContainText("Needs keys");
  await expect(card.getByRole("button", { name: /test room/i })).toBeVisible();
});

test("a stored key the provider refuses at Test key is named on the agent card until a new key is saved", async ({ signedIn: page }) => {
  await startAgent(page, "Stale key");
  const stt = page.getByRole("group", { name: "Speech-to-text" });
  await stt.getByLabel("API key (Deepgram)").fill("revoked-key-0000000");
  await page.getByRole("group", { name: "AI model" }).getByLabel("API key (OpenAI)").fill(VALID_KEY);
  await page.getByRole("group", { name: "Text-to-speech" }).getByLabel("API key (ElevenLabs)").fill(VALID_KEY);
  await page.getByRole("button", { name: "Create agent" }).click();
  const card = page.getByRole("list", { name: "Your agents" }).getByRole("listitem").filter({ hasText: "Stale key" });
  await card.getByRole("link", { name: "Edit" }).click();
  const editStt = page.getByRole("group", { name: "Speech-to-text" });
  await expect(editStt.getByText("A key is stored (…0000). Leave empty to keep it.")).toBeVisible();
  await editStt.getByRole("button", { name: "Test key" }).click();
  await expect(editStt.getByText("Deepgram rejected this key.")).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(card).toContainText(/Deepgram \(Speech-to-text\) rejected the stored key when you tested it on/);
  await card.screenshot({ path: `${SHOTS}/refused-key-card-desktop.png` });

  await card.getByRole("link", { name: "Edit" }).click();
  const again = page.getByRole("group", { name: "Speech-to-text" });
  await again.getByLabel("API key (Deepgram)").fill(VALID_KEY);
  await expect(again.getByText("Replaces the stored key when you save.")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(card).not.toContainText("rejected the stored key");
});
