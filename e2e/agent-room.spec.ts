import { test, expect, createAgentViaApi, signalWorkerOf, sql, topUp } from "./fixtures";
import { agentInRoom, details, personJoins, waitFor } from "./support/agent-room";
import { E2E } from "./support/ports";
import { peakLevel } from "./support/room-audio";
import { control, llmRequests, speechWav, TEXT } from "./support/voice";

// The whole path for real, on one machine: a person in Cohost's test room (Chromium whose fake
// microphone plays speech fixtures) and an agent sent there through the API. The worker that
// `npm start` runs claims the meeting, joins the room in its own Chromium with the audio bridge, and
// runs the voice pipeline against the e2e stack's provider fakes (real wire protocols; the test
// scripts what the fake STT hears and what the fake LLM answers).

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await control("reset");
  // Under load a pause inside a question can reach the STT as two utterances: the second must add no
  // words (the fake's default "Hello there." would be a line nobody said); empty finals are ignored.
  await control("set", { defaultTranscript: "" });
});

test("a person talks to the agent: no wake word, no answer; with it, a spoken answer, a transcript of both sides, billed; stop ends it", async ({ signedIn: page }) => {
  await control("script", { stt: [TEXT.noWake, TEXT.agenda], ai: ["The roadmap review is first, then the budget."] });
  await topUp(page.request, 10);
  const { room, meetingId } = await agentInRoom(page);
  const person = await personJoins(room.url, speechWav([2500, "no-wake-word.wav", 1500, "hey-cohost-agenda.wav", 15_000]));
  try {
    const roster = person.page.getByRole("list", { name: "In the room" });
    // The agent's answer reaches the person's page as sound, and the room's live transcript shows it.
    await expect(roster.getByRole("listitem").filter({ hasText: "Cohost" })).toContainText("Speaking", { timeout: 40_000 });
    expect(await peakLevel(person.page, "Cohost", 1000)).toBeGreaterThan(20);
    await expect(person.page.getByText("The roadmap review is first, then the budget.")).toBeVisible({ timeout: 20_000 });

    const d = await waitFor(page.request, meetingId, "both sides in the transcript", (x) => x.transcript.some((s) => s.isAgent && !s.chat));
    const people = d.transcript.filter((s) => !s.isAgent && !s.chat);
    expect(people.map((s) => s.text)).toEqual([TEXT.noWake, TEXT.agenda]);
    expect(people.every((s) => s.speaker === "Grace")).toBe(true);
    // (The agent's entry line in the chat is a chat line: docs/bots.md, "Chat".)
    expect(d.transcript.filter((s) => s.isAgent && !s.chat).map((s) => s.text)).toEqual(["The roadmap review is first, then the budget."]);
    // Without the wake word the LLM was never asked.
    expect(await llmRequests()).toBe(1);
    expect(d.usage.billedMinutes).toBeGreaterThanOrEqual(1);
    expect(d.usage.costUsd).toBeGreaterThan(0);
    expect(d.usage.providers.map((p) => p.kind).sort()).toEqual(["ai", "stt", "tts"]);
    expect(d.turns.length).toBe(1);
    expect(d.turns[0].voiceToVoiceMs).toBeGreaterThan(0);

    // Stop from the meeting's page: completed, and the agent leaves the room.
    await page.goto(`/meetings/${meetingId}/details`);
    await page.getByRole("button", { name: "Stop the agent in Room check" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Stop agent" }).click();
    await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
    await expect(roster.getByRole("listitem").filter({ hasText: "Cohost" })).toContainText("Cohost (left)", { timeout: 20_000 });
    expect((await details(page.request, meetingId)).statusReason).toBe("user_stopped");
  } finally {
    await person.browser.close();
  }
});

test("manual activation: the agent only listens until its owner activates it on the meeting page", async ({ signedIn: page }) => {
  await control("script", { stt: [TEXT.agenda, TEXT.followUp], ai: ["Priya presents the budget."] });
  await topUp(page.request, 10);
  const { room, meetingId } = await agentInRoom(page, { manualActivation: true, wakeWord: null });
  await page.goto(`/meetings/${meetingId}/details`);
  await expect(page.getByText("The agent only listens until you activate it.")).toBeVisible();
  const person = await personJoins(room.url, speechWav([2500, "hey-cohost-agenda.wav", 10_000, "follow-up.wav", 12_000]));
  try {
    // The first question is heard (transcribed) but not answered.
    await expect(person.page.getByRole("log", { name: "Live transcript" }).getByText(TEXT.agenda)).toBeVisible({ timeout: 30_000 });
    expect(await llmRequests()).toBe(0);
    await page.getByRole("button", { name: "Activate agent" }).click();
    await expect(page.getByText("The agent answers when spoken to.")).toBeVisible();
    // The second one is answered.
    await expect(person.page.getByRole("log", { name: "Live transcript" }).getByText("Priya presents the budget.")).toBeVisible({ timeout: 40_000 });
    expect(await llmRequests()).toBe(1);
  } finally {
    await person.browser.close();
    await page.request.post(`/api/meetings/${meetingId}/stop`);
  }
});

test("barge-in: a person talking over the agent stops it, and only what it said is kept", async ({ signedIn: page }) => {
  const long = Array.from({ length: 8 }, (_, i) => `Point ${i + 1} of the agenda needs a careful and detailed discussion today.`).join(" ");
  await control("script", { stt: [TEXT.agenda, TEXT.interruption], ai: [long, "Understood, Friday it is."] });
  await topUp(page.request, 10);
  const { room, meetingId } = await agentInRoom(page);
  const person = await personJoins(room.url, speechWav([2500, "hey-cohost-agenda.wav", 4500, "interruption.wav", 15_000]));
  try {
    const d = await waitFor(page.request, meetingId, "the interrupted reply", (x) => x.transcript.some((s) => s.isAgent && s.interrupted), 60_000);
    const cut = d.transcript.find((s) => s.isAgent && s.interrupted)!;
    expect(cut.text.length).toBeGreaterThan(0);
    expect(cut.text.length).toBeLessThan(long.length);
    expect(long.startsWith(cut.text.replace(/[.…]+$/, "").slice(0, 20))).toBe(true);
  } finally {
    await person.browser.close();
    await page.request.post(`/api/meetings/${meetingId}/stop`);
  }
});

test("out of credit: the agent says so and leaves; the meeting explains it", async ({ signedIn: page, user }) => {
  await topUp(page.request, 5);
  // One cent left: the first started minute is charged, then the balance is gone.
  await sql(`UPDATE "CreditAccount" SET "balanceMicros" = 10000 WHERE "userId" = $1`, [user.id]);
  const created = await createAgentViaApi(page.request, { name: "Cohost" });
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  const { id } = await (await page.request.post("/api/meetings/join", { data: { agentId: created.id, meetingUrl: room.url } })).json();
  const d = await waitFor(page.request, id, "the agent to leave for lack of credit", (x) => x.status === "completed");
  expect(d.statusReason).toBe("out_of_credits");
  expect(d.usage.billedMinutes).toBe(1);
  await page.goto(`/meetings/${id}/details`);
  await expect(page.getByText("Your credit ran out, so the agent left. Top up, then restart the meeting.").first()).toBeVisible();
});

test("a key the provider rejects fails the meeting before the agent joins, naming the provider", async ({ signedIn: page }) => {
  await topUp(page.request, 5);
  const created = await createAgentViaApi(page.request, { name: "Cohost", sttApiKey: "revoked-key-000000" });
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  const { id } = await (await page.request.post("/api/meetings/join", { data: { agentId: created.id, meetingUrl: room.url } })).json();
  const d = await waitFor(page.request, id, "the meeting to fail", (x) => x.status === "failed");
  expect(d.statusReason).toBe("provider_error");
  expect(d.events.at(-1)?.data).toMatchObject({ kind: "stt", provider: "deepgram", error: "invalid_key" });
  expect(d.events.some((e) => e.toStatus === "in_progress")).toBe(false);
  await page.goto(`/meetings/${id}/details`);
  await expect(page.getByRole("alert").filter({ hasText: "One of the agent's providers failed or rejected its key" })).toBeVisible();
});

test("a worker killed mid-meeting: the meeting fails with heartbeat_lost instead of staying live", async ({ signedIn: page }) => {
  await topUp(page.request, 5);
  const { meetingId } = await agentInRoom(page);
  await signalWorkerOf(meetingId, "SIGKILL");
  const d = await waitFor(page.request, meetingId, "the lost meeting to fail", (x) => x.status === "failed", 40_000);
  expect(d.statusReason).toBe("heartbeat_lost");
  // npm start brings a new worker up, which takes new meetings again.
  const again = await agentInRoom(page);
  await page.request.post(`/api/meetings/${again.meetingId}/stop`);
});

test("Try in the test room, from the agent list: a room, the agent in it, and the user taken there", async ({ signedIn: page }) => {
  await topUp(page.request, 5);
  await createAgentViaApi(page.request, { name: "Cohost" });
  await page.goto("/agents");
  await page.getByRole("button", { name: "Try in the test room: Cohost" }).click();
  await expect(page).toHaveURL(/\/rooms\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByLabel("Your name")).toHaveValue("Ada Lovelace");
  // This browser has no microphone: the room says so and lets one listen in.
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(page.getByText("No microphone was found.")).toBeVisible();
  await page.getByRole("button", { name: "Join without microphone" }).click();
  await expect(page.getByRole("list", { name: "In the room" }).getByRole("listitem").filter({ hasText: "Cohost" })).toBeVisible({ timeout: 30_000 });
  // The room lists the bot a moment before its runtime has recorded the admission.
  type Listed = { id: string; platform: string; status: string; title: string };
  const latest = async () => ((await (await page.request.get("/api/meetings")).json()) as { meetings: Listed[] }).meetings[0];
  // A test room's meeting stores no title: pages name it in the reader's language (docs/ui.md, 31 #11).
  await expect.poll(latest).toMatchObject({ platform: "room", status: "in_progress", title: "" });
  await page.request.post(`/api/meetings/${(await latest()).id}/stop`);
});
