import fs from "node:fs/promises";
import path from "node:path";
import { dataDir } from "../config.ts";

// What a bot saw when a join failed or a meeting ended unexpectedly: a screenshot and the page's
// HTML (captured by lib/bots/failure-artifacts.ts), kept under DATA_DIR/meeting-artifacts/<meetingId>/
// and linked from the meeting's timeline (MeetingEvent.data {screenshot, html});
// GET /api/meetings/{id}/artifacts/{file} serves them to the meeting's owner only. Meeting clients
// change their pages without notice: these files are how a changed page gets diagnosed. They can show
// participants' names, so each meeting keeps only its last MAX_CAPTURES and a meeting's files go after
// RETENTION_DAYS without a new capture.

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

/**
 * A bot's failure artifact that is a meeting client's page : shown
 * as it was, with its own inline styles and data: images, in a sandbox where none of its scripts
 * run and nothing loads.
 */
export const ARTIFACT_HTML_POLICY = `sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

export interface CapturedFailure {
  /** Links for the timeline (relative to the app), each present when its file was written. */
  screenshot?: string;
  html?: string;
  /** Where the files are on this machine, for logs and the smoke command. */
  files: string[];
}

/**
 * Writes one capture's files (in order; each one that fails is left out), then keeps the meeting's
 * newest captures and sweeps old meetings' folders. Never throws.
 */
export async function writeArtifacts(meetingId: string, now: Date, parts: { kind: keyof typeof ARTIFACT_TYPES; data: () => Promise<Buffer | string> }[]): Promise<CapturedFailure> {
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
  for (const { kind, data } of parts) {
    try {
      const file = `${stamp}.${kind}`;
      await fs.writeFile(path.join(folder, file), await data());
      result.files.push(path.join(folder, file));
      result[kind === "png" ? "screenshot" : "html"] = artifactUrl(meetingId, file);
    } catch {
      // The page was gone or did not answer: the other part may still be kept.
    }
  }
  await prune(folder).catch(() => {});
  void sweepOldMeetings(now).catch(() => {});
  return result;
}

/** One artifact's bytes, or null when the name is not an artifact's or the file is gone. */
export async function readArtifact(meetingId: string, file: string): Promise<{ kind: keyof typeof ARTIFACT_TYPES; body: Buffer } | null> {
  const kind = ARTIFACT_FILE.exec(file)?.[2] as keyof typeof ARTIFACT_TYPES | undefined;
  if (!kind) return null;
  try {
    return { kind, body: await fs.readFile(path.join(artifactFolder(meetingId), file)) };
  } catch {
    return null;
  }
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
