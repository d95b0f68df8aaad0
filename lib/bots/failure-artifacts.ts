import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { dataDir } from "../config.ts";
import { within } from "./within.ts";

// What the bot saw when a join failed or a meeting ended unexpectedly: a screenshot and the page's
// HTML, kept under DATA_DIR/meeting-artifacts/<meetingId>/ and linked from the meeting's timeline
// (MeetingEvent.data {screenshot, html}); GET /api/meetings/{id}/artifacts/{file} serves them to the
// meeting's owner only. Meeting clients change their pages without notice: these files are how a
// changed page gets diagnosed. They can show participants' names, so each meeting keeps only its
// last MAX_CAPTURES and a meeting's files go after RETENTION_DAYS without a new capture.

export const ARTIFACTS_FOLDER = "meeting-artifacts";
const MAX_CAPTURES = 10;
const RETENTION_DAYS = 30;

/** An artifact's file name: the capture's UTC time (ms, with a counter for same-ms captures) and its kind. */
export const ARTIFACT_FILE = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d{1,3})?)\.(png|html)$/;
const MEETING_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const ARTIFACT_TYPES = { png: "image/png", html: "text/html; charset=utf-8" } as const;

/** The folder of one meeting's artifacts. */
export function artifactFolder(meetingId: string): string {
  if (!MEETING_ID.test(meetingId)) throw new Error(`not a meeting id: ${meetingId}`);
  return path.join(dataDir(), ARTIFACTS_FOLDER, meetingId);
}

export function artifactUrl(meetingId: string, file: string): string {
  return `/api/meetings/${encodeURIComponent(meetingId)}/artifacts/${file}`;
}

export interface CapturedFailure {
  /** Links for the timeline (relative to the app), each present when its file was written. */
  screenshot?: string;
  html?: string;
  /** Where the files are on this machine, for logs and the smoke command. */
  files: string[];
}

/**
 * Keeps a screenshot and the HTML of `page` for the meeting. Never throws: a page that is gone
 * (crashed, closed) leaves whatever could still be taken, possibly nothing.
 */
export async function captureFailure(page: Page, meetingId: string, now = new Date()): Promise<CapturedFailure> {
  const result: CapturedFailure = { files: [] };
  let folder: string;
  let stamp: string;
  try {
    folder = artifactFolder(meetingId);
    await fs.mkdir(folder, { recursive: true });
    stamp = await freeStamp(folder, now.toISOString().replace(/[:.]/g, "-"));
  } catch {
    return result;
  }
  const write = async (kind: "png" | "html", data: () => Promise<Buffer | string>) => {
    try {
      const file = `${stamp}.${kind}`;
      await fs.writeFile(path.join(folder, file), await data());
      result.files.push(path.join(folder, file));
      return artifactUrl(meetingId, file);
    } catch {
      return undefined;
    }
  };
  if (!page.isClosed()) {
    result.screenshot = await write("png", () => page.screenshot({ timeout: 10_000 }));
    result.html = await write("html", async () => {
      const html = await within(page.content(), 10_000);
      if (!html.done) throw new Error("the page did not answer");
      return html.value;
    });
  }
  await prune(folder).catch(() => {});
  void sweepOldMeetings(now).catch(() => {});
  return result;
}

/** The stamp itself, or with a counter when a capture of the same millisecond exists. */
async function freeStamp(folder: string, stamp: string): Promise<string> {
  const taken = new Set(await fs.readdir(folder));
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? stamp : `${stamp}-${n}`;
    if (!taken.has(`${candidate}.png`) && !taken.has(`${candidate}.html`)) return candidate;
  }
}

/** Keeps a meeting's newest MAX_CAPTURES captures (file names sort by time). */
async function prune(folder: string): Promise<void> {
  const files = (await fs.readdir(folder)).filter((f) => ARTIFACT_FILE.test(f));
  const stamps = [...new Set(files.map((f) => ARTIFACT_FILE.exec(f)![1]))].sort(byCapture);
  const old = new Set(stamps.slice(0, Math.max(0, stamps.length - MAX_CAPTURES)));
  await Promise.all(files.filter((f) => old.has(ARTIFACT_FILE.exec(f)![1])).map((f) => fs.rm(path.join(folder, f), { force: true })));
}

/** Time order, a same-millisecond counter after its plain stamp. */
function byCapture(a: string, b: string): number {
  const [ta, na = "0"] = a.split(/Z-?/);
  const [tb, nb = "0"] = b.split(/Z-?/);
  return ta === tb ? Number(na || 0) - Number(nb || 0) : ta < tb ? -1 : 1;
}

/** Removes the folders of meetings without a capture for RETENTION_DAYS. */
async function sweepOldMeetings(now: Date): Promise<void> {
  const root = path.join(dataDir(), ARTIFACTS_FOLDER);
  const cutoff = now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000;
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(root, entry.name);
    if ((await fs.stat(folder)).mtimeMs < cutoff) await fs.rm(folder, { recursive: true, force: true });
  }
}
