import type { Page } from "playwright-core";
import type { ChatItem } from "./chat-watch.ts";

// The test room's chat panel (components/rooms/room-chat.tsx), as the bot reads and writes it. Each
// line carries its sender's participant id as the server stamped it (the route authenticates the
// sender's key), so here — unlike on Meet, Teams and Zoom — the sender's identity is known.

const TEXT = { message: "Message", send: "Send" };
const SEND_LIMIT_MS = 10_000;

export async function readRoomChat(page: Page): Promise<ChatItem[]> {
  return page.evaluate(() => {
    const self = document.querySelector<HTMLElement>("li[data-participant-id][data-self]")?.dataset.participantId ?? null;
    return [...document.querySelectorAll<HTMLElement>("li[data-chat-line]")].map((li) => {
      const senderId = li.dataset.senderId ?? null;
      return {
        id: li.dataset.chatLine ?? "",
        senderId,
        senderName: li.querySelector("[data-chat-sender]")?.textContent ?? "",
        text: li.querySelector("[data-chat-text]")?.textContent ?? "",
        self: senderId !== null && senderId === self,
      };
    });
  });
}

/** Types the line and sends it; resolves once the room took it (the box empties), rejects with the room's message. */
export async function sendRoomChat(page: Page, text: string): Promise<void> {
  const box = page.getByLabel(TEXT.message, { exact: true });
  await box.fill(text, { timeout: SEND_LIMIT_MS });
  await page.getByRole("button", { name: TEXT.send, exact: true }).click({ timeout: SEND_LIMIT_MS });
  const deadline = Date.now() + SEND_LIMIT_MS;
  while (Date.now() < deadline) {
    if ((await box.inputValue()) === "") return;
    const refused = await page.locator(`[id$="-error"][role="alert"]`).allInnerTexts();
    if (refused.some((m) => m.trim())) throw new Error(`the room refused the chat line: ${refused.join(" ").trim()}`);
    await page.waitForTimeout(100);
  }
  throw new Error("the room did not take the chat line within 10 s");
}
