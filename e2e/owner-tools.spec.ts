import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { readWav, writeWav } from "../lib/voice/audio/wav";
import { startMcpFake, type McpFake } from "../test/fakes/mcp/server";
import { test, expect, createAgentViaApi, signInAs, topUp } from "./fixtures";
import { launchPerson } from "./support/media";
import { E2E } from "./support/ports";

// Who may use the owner's tools, in the test room for real (docs/tools.md, "Who may use which tool"):
// the owner gives the agent a calculator on an MCP server (owner-only by default) and has a board
// meeting in its calendar. The owner, joined signed in, asks for both and gets them. Then someone joins
// under the owner's exact display name and asks for the same: they are offered neither, the model's
// attempt to call them anyway is refused, the MCP server never hears of it and the calendar is not read.

const SPEECH = path.resolve(import.meta.dirname, "../test/fixtures/speech");
const fakes = `http://127.0.0.1:${E2E.voiceFakesPort}/__control`;
const QUESTION = "Hey Cohost, what are my upcoming meetings, and what is seventeen times twenty-three?";
const OWNER_ANSWER = "You have the board meeting on Monday, and seventeen times twenty-three is 391.";
const GUEST_ANSWER = "Sorry, only the owner of this agent can use those.";

async function control(call: string, body: unknown = {}) {
  const res = await fetch(`${fakes}/${call}`, { method: call === "requests" ? "GET" : "POST", body: call === "requests" ? undefined : JSON.stringify(body), headers: { "content-type": "application/json" } });
  expect(res.ok, `fake control ${call}`).toBeTruthy();
  return res.json();
}

/** A microphone: a pause, the question, then silence, played once. */
function questionWav(): string {
  const question = readWav(fs.readFileSync(path.join(SPEECH, "seventeen-times-twenty-three.wav"))).samples;
  const samples = new Int16Array(16 * 2500 + question.length + 16 * 20_000);
  samples.set(question, 16 * 2500);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cohost-person-")), "mic.wav");
  fs.writeFileSync(file, writeWav({ samples, sampleRate: 16_000 }));
  return `${file}%noloop`;
}

type Chat = { surface: string; body: { tools?: { function: { name: string } }[]; messages: { role: string; content: string | null }[] } };
const chats = async () => ((await control("requests")) as Chat[]).filter((r) => r.surface === "chat");
const offered = (c: Chat) => (c.body.tools ?? []).map((t) => t.function.name);
const toolResults = (c: Chat) => c.body.messages.filter((m) => m.role === "tool").map((m) => m.content);

let mcp: McpFake;
const browsers: Browser[] = [];
test.beforeAll(async () => {
  mcp = await startMcpFake();
});
test.afterAll(async () => {
  await mcp.close();
});
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await control("reset");
});
test.afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});
test.setTimeout(240_000);

test("in the test room the signed-in owner gets the calendar and the MCP tool; a guest under the owner's exact name gets neither", async ({ signedIn: page, user }) => {
  await topUp(page.request, 10);
  const ownerName = `${user.firstName} ${user.lastName}`;
  const agent = await createAgentViaApi(page.request, { name: "Cohost", wakeWord: "hey cohost" });
  // The board meeting in the agent's calendar.
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const board = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: "https://meet.google.com/abc-defg-hij", title: "Board meeting", startAt: inTwoDays } });
  expect(board.status(), await board.text()).toBe(201);

  // The owner adds the calculator in the agent form: its tools are the owner's unless opened up.
  await page.goto("/agents");
  await page.getByRole("link", { name: "Edit Cohost" }).click();
  await expect(page.getByText("never by name", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Who may use upcoming_meetings")).toHaveValue("owner");
  await expect(page.getByLabel("Who may use current_time")).toHaveValue("everyone");
  await page.getByRole("button", { name: "Add a tool server" }).click();
  await page.getByRole("group", { name: "Tool server 1" }).getByLabel("Server name").fill("Calculator");
  const calc = page.getByRole("group", { name: "Calculator" });
  await calc.getByLabel("Server address (MCP, Streamable HTTP)").fill(mcp.url);
  await calc.getByRole("button", { name: "Test connection" }).click();
  await expect(calc.getByRole("status")).toHaveText("Connected: 6 tools");
  await expect(calc.getByLabel("Who may use multiply")).toHaveValue("owner");
  await calc.getByLabel("Who may use hang").selectOption("off");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const stored = await (await page.request.get(`/api/agents/${agent.id}`)).json();
  expect(stored.mcpServers).toEqual([expect.objectContaining({ name: "Calculator", disabledTools: ["hang"], everyoneTools: [], actingTools: [] })]);

  // The agent goes to a test room.
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  const joined = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: room.url, title: "Owner check" } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { id: meetingId } = (await joined.json()) as { id: string };
  await expect.poll(async () => (await (await page.request.get(`/api/meetings/${meetingId}/details`)).json()).status, { timeout: 60_000 }).toBe("in_progress");

  await control("script", {
    stt: [QUESTION, QUESTION],
    ai: [
      { calls: [{ name: "upcoming_meetings", arguments: {} }, { name: "multiply", arguments: { a: 17, b: 23 } }] },
      OWNER_ANSWER,
      // The guest's model tries the same calls, though they were not offered (models do that).
      { calls: [{ name: "upcoming_meetings", arguments: {} }, { name: "multiply", arguments: { a: 17, b: 23 } }], unoffered: true },
      GUEST_ANSWER,
    ],
  });

  // The owner, signed in, opens the room and joins under their name.
  const ownerBrowser = await launchPerson({ wav: questionWav() });
  browsers.push(ownerBrowser);
  const ownerContext = await ownerBrowser.newContext({ baseURL: E2E.appUrl });
  await ownerContext.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await signInAs(ownerContext.request, user);
  const owner = await ownerContext.newPage();
  await owner.goto(room.url);
  await owner.getByLabel("Your name").fill(ownerName);
  await owner.getByRole("button", { name: "Join" }).click();
  await expect(owner.getByText(OWNER_ANSWER)).toBeVisible({ timeout: 60_000 });

  let sent = await chats();
  expect(sent).toHaveLength(2);
  expect(offered(sent[0])).toEqual(["add_note", "add_action_item", "current_time", "upcoming_meetings", "leave_meeting", "multiply", "add", "slow_lookup", "file_ticket", "big_report"]);
  const [calendar, product] = toolResults(sent[1]);
  expect(calendar).toContain("Board meeting");
  expect(product).toBe("391");
  expect(mcp.calls.map((c) => c.tool)).toEqual(["multiply"]);

  // A guest joins under the owner's exact name, and asks the same.
  const guestBrowser = await launchPerson({ wav: questionWav() });
  browsers.push(guestBrowser);
  const guest = await (await guestBrowser.newContext()).newPage();
  await guest.context().addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await guest.goto(room.url);
  await guest.getByLabel("Your name").fill(ownerName);
  await guest.getByRole("button", { name: "Join" }).click();
  await expect(guest.getByText(GUEST_ANSWER)).toBeVisible({ timeout: 60_000 });

  sent = await chats();
  expect(sent).toHaveLength(4);
  // Not offered: only what everyone may use.
  expect(offered(sent[2])).toEqual(["add_note", "add_action_item", "current_time"]);
  // Called anyway, refused in code: the model learns why, the calendar is not read, the server hears nothing.
  const refused = toolResults(sent[3]).slice(-2);
  expect(refused).toEqual([
    expect.stringMatching(/^Error: not run: not allowed for this speaker: upcoming_meetings is for the meeting's owner only/),
    expect.stringMatching(/^Error: not run: not allowed for this speaker: multiply is for the meeting's owner only/),
  ]);
  // Nor does the guest's request carry the owner's earlier calendar result: only what the agent said aloud.
  const calendarIn = (c: Chat) => c.body.messages.some((m) => m.content?.includes('"title":"Board meeting"'));
  expect([calendarIn(sent[1]), calendarIn(sent[2]), calendarIn(sent[3])]).toEqual([true, false, false]);
  expect(mcp.calls.map((c) => c.tool)).toEqual(["multiply"]);
});
