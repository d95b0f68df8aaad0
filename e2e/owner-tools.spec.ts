import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { startMcpFake, type McpFake } from "../test/fakes/mcp/server";
import { test, expect, createAgentViaApi, sql, topUp, type TestUser } from "./fixtures";
import { joinRoom } from "./support/agent-room";
import { launchPerson } from "./support/media";
import { E2E } from "./support/ports";
import { control, speechWav } from "./support/voice";

// Who may use the owner's tools, in the test room for real (docs/tools.md, "Who may use which tool"):
// the owner gives the agent a calculator on an MCP server (owner-only by default) and has a board
// meeting in its calendar. The owner, joined signed in, asks for both and gets them. Then someone joins
// under the owner's exact display name and asks for the same: they are offered neither, the model's
// attempt to call them anyway is refused, the MCP server never hears of it and the calendar is not read.

const QUESTION = "Hey Cohost, what are my upcoming meetings, and what is seventeen times twenty-three?";
const OWNER_ANSWER = "You have the board meeting on Monday, and seventeen times twenty-three is 391.";
const GUEST_ANSWER = "Sorry, only the owner of this agent can use those.";

/** A microphone: a pause, the question, then silence, played once. */
const questionWav = () => speechWav([2500, "seventeen-times-twenty-three.wav", 20_000]);

type Chat = { surface: string; body: { tools?: { function: { name: string } }[]; messages: { role: string; content: string | null }[] } };
const chats = async () => ((await control("requests")) as Chat[]).filter((r) => r.surface === "chat");
const offered = (c: Chat) => (c.body.tools ?? []).map((t) => t.function.name);
const toolResults = (c: Chat) => c.body.messages.filter((m) => m.role === "tool").map((m) => m.content);

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Someone with the question on their microphone opens the room's link and joins under `name`, signed in as `account` if given. */
async function joinsRoom(url: string, name: string, account?: TestUser): Promise<Page> {
  const browser = await launchPerson({ wav: questionWav() });
  browsers.push(browser);
  return joinRoom(browser, url, name, account);
}

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
  // Under load the question can reach the STT as two utterances: the second must add no words
  // (the fake's default "Hello there." would join the owner's turn); empty finals are ignored.
  await control("set", { defaultTranscript: "" });
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

  await control("script", { stt: [QUESTION], ai: [{ calls: [{ name: "upcoming_meetings", arguments: {} }, { name: "multiply", arguments: { a: 17, b: 23 } }] }, OWNER_ANSWER] });

  // The owner, signed in, opens the room and joins under their name.
  const owner = await joinsRoom(room.url, ownerName, user);
  await expect(owner.getByText(OWNER_ANSWER)).toBeVisible({ timeout: 60_000 });

  const ownerChats = await chats();
  expect(ownerChats).toHaveLength(2);
  expect(offered(ownerChats[0])).toEqual(["add_note", "add_action_item", "current_time", "upcoming_meetings", "leave_meeting", "multiply", "add", "slow_lookup", "file_ticket", "big_report"]);
  const [calendar, product] = toolResults(ownerChats[1]);
  expect(calendar).toContain("Board meeting");
  expect(product).toBe("391");
  expect(mcp.calls.map((c) => c.tool)).toEqual(["multiply"]);

  // A guest joins under the owner's exact name, and asks the same; the guest's model tries the same
  // calls, though they were not offered (models do that).
  await control("reset");
  // Under load the question can reach the STT as two utterances: the second must add no words
  // (the fake's default "Hello there." would join the owner's turn); empty finals are ignored.
  await control("set", { defaultTranscript: "" });
  await control("script", { stt: [QUESTION], ai: [{ calls: [{ name: "upcoming_meetings", arguments: {} }, { name: "multiply", arguments: { a: 17, b: 23 } }], unoffered: true }, GUEST_ANSWER] });
  const guest = await joinsRoom(room.url, ownerName);
  await expect(guest.getByText(GUEST_ANSWER)).toBeVisible({ timeout: 60_000 });

  const sent = await chats();
  expect(sent).toHaveLength(2);
  // Not offered: only what everyone may use.
  expect(offered(sent[0])).toEqual(["add_note", "add_action_item", "current_time"]);
  // Called anyway, refused in code: the model learns why, the calendar is not read, the server hears nothing.
  expect(toolResults(sent[1])).toEqual([
    expect.stringMatching(/^Error: not run: not allowed for this speaker: upcoming_meetings is for the meeting's owner only/),
    expect.stringMatching(/^Error: not run: not allowed for this speaker: multiply is for the meeting's owner only/),
  ]);
  // Nor does the guest's request carry the owner's earlier calendar result: only what the agent said aloud.
  const calendarIn = (c: Chat) => c.body.messages.some((m) => m.content?.includes('"title":"Board meeting"'));
  expect([calendarIn(ownerChats[1]), calendarIn(sent[0]), calendarIn(sent[1])]).toEqual([true, false, false]);
  expect(sent[0].body.messages.some((m) => m.content?.includes(OWNER_ANSWER))).toBe(true);
  expect(mcp.calls.map((c) => c.tool)).toEqual(["multiply"]);

  // The agent form at a phone's width: the audiences read and work there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agents");
  await page.getByRole("link", { name: "Edit Cohost" }).click();
  await expect(page.getByLabel("Who may use upcoming_meetings")).toBeVisible();
  await noSeriousViolations(page);
});

test("on Meet the owner says \"That's me\" beside their name on the live meeting page; a namesake closes the owner's tools until they leave", async ({ signedIn: page, user }) => {
  const ownerName = `${user.firstName} ${user.lastName}`;
  const agent = await createAgentViaApi(page.request, { name: "Cohost" });
  // Set-up: a Meet meeting the bot is in right now, with its roster as the bot saved it. Its
  // heartbeat stands an hour ahead, so the lost-meeting sweep leaves it live however slow this runs.
  const id = `m-${user.id}`;
  await sql(
    `INSERT INTO "Meeting" (id, "userId", "agentId", title, "meetingUrl", platform, status, "scheduledStart", "workerId", "runId", "heartbeatAt", "updatedAt")
     VALUES ($1, $2, $3, 'Weekly sync', 'https://meet.google.com/abc-defg-hij', 'meet', 'in_progress', now(), 'w', 'r', now() + interval '1 hour', now())`,
    [id, user.id, agent.id],
  );
  const person = (externalId: string, name: string, isAgent = false) =>
    sql(`INSERT INTO "MeetingParticipant" (id, "meetingId", "externalId", name, "isAgent") VALUES ($1, $2, $3, $4, $5)`, [`${id}-${externalId}`, id, externalId, name, isAgent]);
  await person("bot", "Cohost", true);
  await person("devices/7", ownerName);
  await person("devices/9", "Priya");

  await page.goto("/meetings");
  await page.getByRole("link", { name: "Weekly sync" }).first().click();
  await expect(page.getByText("owner-only tools stay closed here until you press", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "That's me: Cohost" })).toHaveCount(0);
  await page.getByRole("button", { name: `That's me: ${ownerName}` }).click();
  await expect(page.getByText(`Owner-only tools answer ${ownerName} only`)).toBeVisible();
  await expect(page.getByRole("button", { name: `${ownerName} is not me` })).toBeVisible();
  const details = await (await page.request.get(`/api/meetings/${id}/details`)).json();
  expect(details.participants.filter((p: { isOwner: boolean }) => p.isOwner).map((p: { name: string }) => p.name)).toEqual([ownerName]);

  // Someone joins under the same name: the page says the owner's tools are closed meanwhile.
  await person("devices/11", ownerName);
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: `Someone else here also shows the name ${ownerName}` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await noSeriousViolations(page);
  await page.getByRole("button", { name: `${ownerName} is not me` }).click();
  await expect(page.getByText("owner-only tools stay closed here until you press", { exact: false })).toBeVisible();
});
