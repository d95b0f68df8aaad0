import { openStorage } from "../storage/open-storage.ts";

// What a bot saw when a join failed or a meeting ended unexpectedly: a screenshot and the page's
// HTML (captured by lib/bots/failure-artifacts.ts), kept in the deployment's storage (lib/storage:
// DATA_DIR/storage on one machine, an S3 bucket across many, so web and workers share no volume) under
// meeting-artifacts/<meetingId>/<stamp>.<png|html>, and linked from the meeting's timeline (MeetingEvent.data {screenshot, html});
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

/** The storage prefix of one meeting's artifacts ("meeting-artifacts/<id>/"). */
export function artifactPrefix(meetingId: string): string {
  if (!MEETING_ID.test(meetingId)) throw new Error(`not a meeting id: ${meetingId}`);
  return `${ARTIFACTS_FOLDER}/${meetingId}/`;
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
  /** The storage keys written, for logs and the smoke command. */
  files: string[];
}

/**
 * Writes one capture's files (in order; each one that fails is left out), then keeps the meeting's
 * newest captures and sweeps old meetings' files. Never throws.
 */
export async function writeArtifacts(meetingId: string, now: Date, parts: { kind: keyof typeof ARTIFACT_TYPES; data: () => Promise<Buffer | string> }[]): Promise<CapturedFailure> {
  const result: CapturedFailure = { files: [] };
  let prefix: string;
  let stamp: string;
  try {
    prefix = artifactPrefix(meetingId);
    stamp = await freeStamp(prefix, now.toISOString().replace(/[:.]/g, "-"));
  } catch {
    return result;
  }
  for (const { kind, data } of parts) {
    try {
      const file = `${stamp}.${kind}`;
      await openStorage().put(prefix + file, await data(), ARTIFACT_TYPES[kind]);
      result.files.push(prefix + file);
      result[kind === "png" ? "screenshot" : "html"] = artifactUrl(meetingId, file);
    } catch {
      // The page was gone, did not answer, or the store refused: the other part may still be kept.
    }
  }
  await prune(prefix).catch(() => {});
  void sweepOldMeetings(now).catch(() => {});
  return result;
}

/** One artifact's bytes, or null when the name is not an artifact's or the file is gone. */
export async function readArtifact(meetingId: string, file: string): Promise<{ kind: keyof typeof ARTIFACT_TYPES; body: Buffer } | null> {
  const kind = ARTIFACT_FILE.exec(file)?.[2] as keyof typeof ARTIFACT_TYPES | undefined;
  if (!kind) return null;
  try {
    const object = await openStorage().get(artifactPrefix(meetingId) + file);
    return object ? { kind, body: Buffer.concat(await object.body.toArray()) } : null;
  } catch {
    return null;
  }
}

/** A meeting's artifact file names. */
async function filesOf(prefix: string): Promise<string[]> {
  return (await openStorage().list(prefix)).map((key) => key.slice(prefix.length)).filter((f) => ARTIFACT_FILE.test(f));
}

/** The stamp itself, or with a counter when a capture of the same millisecond exists. */
async function freeStamp(prefix: string, stamp: string): Promise<string> {
  const taken = new Set(await filesOf(prefix));
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? stamp : `${stamp}-${n}`;
    if (!taken.has(`${candidate}.png`) && !taken.has(`${candidate}.html`)) return candidate;
  }
}

/** Keeps a meeting's newest MAX_CAPTURES captures (file names sort by time). */
async function prune(prefix: string): Promise<void> {
  const files = await filesOf(prefix);
  const stamps = [...new Set(files.map((f) => ARTIFACT_FILE.exec(f)![1]))].sort(byCapture);
  const old = new Set(stamps.slice(0, Math.max(0, stamps.length - MAX_CAPTURES)));
  await Promise.all(files.filter((f) => old.has(ARTIFACT_FILE.exec(f)![1])).map((f) => openStorage().delete(prefix + f)));
}

/** Time order, a same-millisecond counter after its plain stamp. */
function byCapture(a: string, b: string): number {
  const [ta, na = "0"] = a.split(/Z-?/);
  const [tb, nb = "0"] = b.split(/Z-?/);
  return ta === tb ? Number(na || 0) - Number(nb || 0) : ta < tb ? -1 : 1;
}

/** The capture time a stamp names ("2026-08-21T10-15-30-123Z[-n]"). */
function stampTime(stamp: string): number {
  const [, date, h, m, sec, ms] = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(stamp)!;
  return Date.parse(`${date}T${h}:${m}:${sec}.${ms}Z`);
}

/** Removes the files of meetings whose newest capture is older than RETENTION_DAYS. */
async function sweepOldMeetings(now: Date): Promise<void> {
  const cutoff = now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000;
  const newest = new Map<string, number>();
  const keys = await openStorage().list(`${ARTIFACTS_FOLDER}/`);
  for (const key of keys) {
    const [, meeting, file] = key.split("/");
    const stamp = ARTIFACT_FILE.exec(file ?? "")?.[1];
    if (stamp) newest.set(meeting, Math.max(newest.get(meeting) ?? 0, stampTime(stamp)));
  }
  const expired = keys.filter((key) => (newest.get(key.split("/")[1]) ?? Infinity) < cutoff);
  for (const key of expired) await openStorage().delete(key);
}
