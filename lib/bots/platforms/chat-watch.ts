import type { PlatformEvent } from "./types.ts";

// The meeting's chat while the bot is in: read the client's chat panel twice a second and report
// each new line someone else wrote, once (docs/platforms.md, "Chat"). The test room shows a newcomer
// the chat's backlog: what its first look finds was written before the bot came in and is not
// reported (`skipFirst`). Meet, Teams and Zoom show a guest only what was written since it joined,
// and their panel opens only after admission: lines written meanwhile are in the first look and are
// reported.

/** One line as a client's chat panel shows it. */
export interface ChatItem {
  /** The client's id for the line (Meet's data-message-id, the room's line id), else one made from its place. */
  id: string;
  senderName: string;
  /**
   * The meeting's own identity of the sender, only where the server vouches for it and it is the
   * identity the owner is known by (the test room's participant id); null on Meet, Teams and Zoom,
   * whose chat shows a name (docs/tools.md: a name never carries the owner's rights).
   */
  senderId: string | null;
  text: string;
  /** Written by the bot itself. */
  self: boolean;
}

export const CHAT_POLL_MS = 500;

export function watchChat(read: () => Promise<ChatItem[]>, onEvent: (event: PlatformEvent) => void, opts: { skipFirst: boolean; pollMs?: number }): { stop(): void } {
  const pollMs = opts.pollMs ?? CHAT_POLL_MS;
  let stopped = false;
  let seen: Set<string> | null = opts.skipFirst ? null : new Set();
  void (async () => {
    while (!stopped) {
      try {
        const items = await read();
        if (stopped) break;
        if (seen === null) seen = new Set(items.map((i) => i.id));
        for (const item of items) {
          if (seen.has(item.id)) continue;
          seen.add(item.id);
          if (!item.self && item.text.trim()) onEvent({ type: "chat", line: { senderName: item.senderName, senderId: item.senderId, text: item.text } });
        }
      } catch {
        // A look that failed (a navigation, the panel re-rendering) is tried again at the next poll.
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  })();
  return {
    stop() {
      stopped = true;
    },
  };
}
