import type { Browser, Page } from "@playwright/test";
import { test, expect, createAgentViaApi, topUp, type TestUser } from "./fixtures";
import { details, joinRoom } from "./support/agent-room";
import { launchPerson, SILENCE_WAV } from "./support/media";
import { E2E } from "./support/ports";
import { control } from "./support/voice";

// The test room's chat with an agent in it (docs/bots.md, "Chat"): the agent writes its entry line on
// admission; a person types a question naming it and reads the answer in the chat; both lines are in
// the meeting's transcript, marked as chat. A guest under the owner's exact name typing a question
// that needs an owner-only tool is not offered it, and the call the model makes anyway is refused;
// the owner, whose chat lines the server stamps with their signed-in participant, gets it.

const QUESTION = "Cohost, what are my upcoming meetings?";
const OWNER_ANSWER = "You have the board meeting on Monday.";
const GUEST_ANSWER = "Sorry, only the owner of this agent can use that.";

type Chat = { surface: string; body: { tools?: { function: { name: string } }[]; messages: { role: string; content: string | null }[] } };
const chats = async () => ((await control("requests")) as Chat[]).filter((r) => r.surface === "chat");
const offered = (c: Chat) => (c.body.tools ?? []).map((t) => t.function.name);
const toolResults = (c: Chat) => c.body.messages.filter((m) => m.role === "tool").map((m) => m.content);

const browsers: Browser[] = [];
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await control("reset");
});
test.afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});
test.setTimeout(240_000);

/** Someone opens the room's link and joins under `name` (signed in as `account` if given), their microphone allowed at the prompt. */
async function joinsRoom(url: string, name: string, account?: TestUser): Promise<Page> {
  const browser = await launchPerson({ wav: SILENCE_WAV });
  browsers.push(browser);
  return joinRoom(browser, url, name, account);
}

async function typeInChat(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
}

const chatLog = (page: Page) => page.getByRole("log", { name: "Chat" });

test("a question typed in the test room's chat is answered in the chat; both lines are chat lines of the meeting's transcript; a guest under the owner's name does not get the owner's tools", async ({ signedIn: page, user }) => {
  await topUp(page.request, 10);
  const ownerName = `${user.firstName} ${user.lastName}`;
  const agent = await createAgentViaApi(page.request, { name: "Cohost", wakeWord: "hey cohost" });
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const board = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: "https://meet.google.com/abc-defg-hij", title: "Board meeting", startAt: inTwoDays } });
  expect(board.status(), await board.text()).toBe(201);

  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  const joined = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: room.url, title: "Chat check" } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { id: meetingId } = (await joined.json()) as { id: string };
  await expect.poll(async () => (await details(page.request, meetingId)).status, { timeout: 60_000 }).toBe("in_progress");

  // The owner, signed in, joins: the agent's entry line is in the chat.
  const owner = await joinsRoom(room.url, ownerName, user);
  await expect(chatLog(owner).getByText(`Cohost (Cohost) is here to help and transcribes this meeting for ${ownerName}.`)).toBeVisible({ timeout: 30_000 });

  // A guest under the owner's exact name asks for the owner's calendar; the model tries anyway.
  await control("script", { ai: [{ calls: [{ name: "upcoming_meetings", arguments: {} }], unoffered: true }, GUEST_ANSWER] });
  const guest = await joinsRoom(room.url, ownerName);
  await typeInChat(guest, QUESTION);
  await expect(chatLog(guest).getByText(GUEST_ANSWER)).toBeVisible({ timeout: 60_000 });
  const guestChats = await chats();
  expect(guestChats).toHaveLength(2);
  expect(offered(guestChats[0])).toEqual(["add_note", "add_action_item", "current_time"]);
  expect(toolResults(guestChats[1])).toEqual([expect.stringMatching(/^Error: not run: not allowed for this speaker: upcoming_meetings is for the meeting's owner only/)]);
  // The question reached the model as a chat line of its sender.
  expect(guestChats[0].body.messages.some((m) => m.content?.includes(`${ownerName} (in the chat): ${QUESTION}`))).toBe(true);

  // The owner asks the same, typed: the calendar is read.
  await control("reset");
  await control("script", { ai: [{ calls: [{ name: "upcoming_meetings", arguments: {} }] }, OWNER_ANSWER] });
  await typeInChat(owner, QUESTION);
  await expect(chatLog(owner).getByText(OWNER_ANSWER)).toBeVisible({ timeout: 60_000 });
  // The owner's reply: offered the calendar, and its second round carries the calendar's result.
  const ownerChats = (await chats()).filter((c) => c.body.messages.some((m) => m.role === "user" && m.content?.includes(`${ownerName} (in the chat): ${QUESTION}`)));
  const lastOwner = ownerChats.at(-1)!;
  expect(offered(lastOwner)).toContain("upcoming_meetings");
  expect(toolResults(lastOwner).at(-1)).toContain("Board meeting");

  // Nothing was spoken: the answers were written.
  expect(((await control("requests")) as { surface: string }[]).filter((r) => r.surface === "tts")).toHaveLength(0);

  // The meeting's page, reached the way the owner would: the chat lines are in its transcript, marked.
  await page.goto("/meetings");
  await page.getByRole("link", { name: "Chat check" }).first().click();
  const transcript = page.getByRole("list", { name: "Transcript" });
  await expect(transcript.getByRole("listitem").filter({ hasText: OWNER_ANSWER })).toContainText("in the chat");
  await expect(transcript.getByRole("listitem").filter({ hasText: QUESTION }).first()).toContainText("in the chat");
  const d = (await details(page.request, meetingId)) as unknown as { transcript: { speaker: string; isAgent: boolean; text: string; chat: boolean }[] };
  const lines = d.transcript.filter((s) => s.chat).map((s) => [s.speaker, s.isAgent, s.text]);
  expect(lines).toEqual([
    ["Cohost", true, `Cohost (Cohost) is here to help and transcribes this meeting for ${ownerName}.`],
    [ownerName, false, QUESTION],
    ["Cohost", true, GUEST_ANSWER],
    [ownerName, false, QUESTION],
    ["Cohost", true, OWNER_ANSWER],
  ]);
});

test("the chat works at a phone's width: a line that names nobody stays a chat line, unanswered", async ({ signedIn: page }) => {
  await topUp(page.request, 10);
  const agent = await createAgentViaApi(page.request, { name: "Cohost", wakeWord: "hey cohost", chatEntryEnabled: false });
  const room = (await (await page.request.post("/api/rooms")).json()) as { url: string };
  const joined = await page.request.post("/api/meetings/join", { data: { agentId: agent.id, meetingUrl: room.url, title: "Quiet chat" } });
  const { id: meetingId } = (await joined.json()) as { id: string };
  await expect.poll(async () => (await details(page.request, meetingId)).status, { timeout: 60_000 }).toBe("in_progress");
  const person = await joinsRoom(room.url, "Priya");
  await person.setViewportSize({ width: 390, height: 844 });
  await expect(chatLog(person)).toHaveCount(0);
  await expect(person.getByText("No messages yet.", { exact: false })).toBeVisible();
  await typeInChat(person, "Running five minutes late");
  await expect(chatLog(person).getByText("Running five minutes late")).toBeVisible();
  // The agent kept it as a transcript line (the room's live transcript shows it), and asked no model.
  await expect(person.getByRole("log", { name: "Live transcript" }).getByText("Running five minutes late")).toBeVisible({ timeout: 30_000 });
  expect(await chats()).toHaveLength(0);
  const box = await person.getByRole("button", { name: "Send", exact: true }).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
});
