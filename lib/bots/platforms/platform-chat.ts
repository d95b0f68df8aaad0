import type { Page } from "playwright-core";
import type { ChatItem } from "./chat-watch.ts";
import { clickIfVisible, revealControls } from "./page-actions.ts";

// The chat panels of Meet, Teams and Zoom's web client, read and written the way joinly does
// (joinly-ai/joinly@59472ff, joinly/providers/browser/platforms/: google_meet.py, teams.py, zoom.py;
// docs/platforms.md, "Chat"). The panel opens from its toolbar button (the toolbar shown first: it
// hides when the pointer rests); Enter in the box sends. None of these clients shows who wrote a line
// as anything but a name, so every sender's identity is null here: a name never carries the owner's
// rights (docs/tools.md).

export type ChatKind = "meet" | "teams" | "zoom";

interface Panel {
  /** The box to type in; visible means the panel is open. */
  input: string;
  /** The toolbar button that opens the panel. */
  button: RegExp;
}

const PANELS: Record<ChatKind, Panel> = {
  meet: { input: "textarea[placeholder*='Send a message']", button: /^chat/i },
  teams: { input: "div[contenteditable='true']", button: /^chat/i },
  zoom: { input: "div[contenteditable='true']", button: /chat panel/i },
};

/** What a client's panel shows, read in the page: sender, text, the client's own id where it has one, and whether it is the bot's own line. */
type Raw = { id: string | null; sender: string; text: string; self: boolean };

/** Runs in the page: every line of the open panel. */
function readRaw({ kind, botName }: { kind: ChatKind; botName: string }): Raw[] {
  const out: Raw[] = [];
  if (kind === "meet") {
    const panel = document.querySelector('aside[aria-label="Side panel"]');
    for (const bubble of panel?.querySelectorAll<HTMLElement>("div[data-message-id]") ?? []) {
      // joinly's group: div:has(> div > div[data-message-id]); its first div is the header (sender, time).
      const header = (bubble.parentElement?.parentElement?.firstElementChild as HTMLElement | null)?.innerText ?? "";
      const sender = header.split("\n").map((s) => s.trim()).find((s) => s && !/^\d{1,2}:\d{2}/.test(s.replace(/[\u00a0\u202f]/g, " "))) ?? "";
      out.push({ id: bubble.dataset.messageId ?? null, sender, text: bubble.innerText.trim(), self: sender === "You" });
    }
  } else if (kind === "teams") {
    for (const item of document.querySelectorAll<HTMLElement>('[data-tid="chat-pane-item"]')) {
      const message = item.querySelector<HTMLElement>('[data-tid="chat-pane-message"]');
      if (!message) continue;
      const author = item.querySelector('[data-tid="message-author-name"]')?.textContent?.trim() ?? "";
      // Teams shows no author on one's own messages.
      out.push({ id: item.dataset.mid ?? null, sender: author, text: message.innerText.trim(), self: author === "" });
    }
  } else {
    const list = document.querySelector('div[role="application"][aria-label="Chat Message List"]');
    for (const row of list?.querySelectorAll('[role="row"][aria-label]') ?? []) {
      // "Sender to Everyone, 10:32 AM, text": the text is everything after the second comma, as written.
      const label = row.getAttribute("aria-label") ?? "";
      const first = label.indexOf(",");
      const second = first < 0 ? -1 : label.indexOf(",", first + 1);
      if (second < 0) continue;
      const sender = label.slice(0, first).split(" to ")[0].trim();
      out.push({ id: null, sender, text: label.slice(second + 1).trim(), self: sender === "Me" || sender === botName });
    }
  }
  return out;
}

/** Lines without an id of the client's get one from their sender, text and how often that pair came before: stable as lines are added. */
export function chatItems(raw: Raw[]): ChatItem[] {
  const seen = new Map<string, number>();
  return raw.map((r) => {
    const key = `${r.sender}\u0000${r.text}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { id: r.id ?? `${key}\u0000${n}`, senderName: r.sender, senderId: null, text: r.text, self: r.self };
  });
}

async function openPanel(page: Page, panel: Panel): Promise<void> {
  if (await page.locator(panel.input).first().isVisible()) return;
  await revealControls(page);
  await clickIfVisible(page.getByRole("button", { name: panel.button }).first());
}

/** The chat of a Meet, Teams or Zoom web client, for web-call.ts' CallDriver. */
export function platformChat(page: Page, kind: ChatKind, botName: string): { read(): Promise<ChatItem[]>; send(text: string): Promise<void> } {
  const panel = PANELS[kind];
  return {
    async read() {
      await openPanel(page, panel);
      return chatItems(await page.evaluate(readRaw, { kind, botName }));
    },
    async send(text) {
      await openPanel(page, panel);
      const box = page.locator(panel.input).first();
      await box.fill(text, { timeout: 5_000 });
      await box.press("Enter", { timeout: 5_000 });
    },
  };
}
