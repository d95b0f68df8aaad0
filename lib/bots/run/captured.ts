import { captureFailure } from "../failure-artifacts.ts";
import type { RunScope } from "./run-scope.ts";

/** A screenshot and the page's HTML for the timeline ({screenshot, html} links), when the run has a page. */
export async function captured(run: RunScope): Promise<{ screenshot?: string; html?: string }> {
  if (!run.parts.page) return {};
  const { screenshot, html } = await captureFailure(run.parts.page, run.ref.meetingId);
  run.log("failure_captured", { files: [screenshot, html].filter(Boolean).length });
  return { ...(screenshot ? { screenshot } : {}), ...(html ? { html } : {}) };
}
