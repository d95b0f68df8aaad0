import type { Page } from "playwright-core";
import { writeArtifacts, type CapturedFailure } from "../meetings/meeting-artifacts.ts";
import { within } from "./within.ts";

// What the bot saw when a join failed or a meeting ended unexpectedly: a screenshot and the page's
// HTML, kept with the meeting (lib/meetings/meeting-artifacts.ts) and linked from its timeline.

/**
 * Keeps a screenshot and the HTML of `page` for the meeting. Never throws: a page that is gone
 * (crashed, closed) leaves whatever could still be taken, possibly nothing.
 */
export async function captureFailure(page: Page, meetingId: string, now = new Date()): Promise<CapturedFailure> {
  if (page.isClosed()) return writeArtifacts(meetingId, now, []);
  return writeArtifacts(meetingId, now, [
    { kind: "png", data: () => page.screenshot({ timeout: 10_000 }) },
    {
      kind: "html",
      data: async () => {
        const html = await within(page.content(), 10_000);
        if (!html.done) throw new Error("the page did not answer");
        return html.value;
      },
    },
  ]);
}
