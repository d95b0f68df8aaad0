import path from "node:path";

// Every setting Cohost reads from the environment, with its default. README's configuration table
// mirrors this file; keep the two in step.
export function dataDir(): string {
  // DATA_DIR holds run-time data (database, secrets, mail), never code: the ignore comment keeps the
  // build's file tracer from following this dynamic path and copying the whole project into the
  // server output.
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || ".data");
}

export function port(): number {
  return Number(process.env.PORT || 3000);
}

export function appUrl(): string {
  return (process.env.APP_URL || `http://localhost:${port()}`).replace(/\/$/, "");
}

function seconds(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** How long before a scheduled meeting's start its bot is launched. */
export function meetingJoinLeadSeconds(): number {
  return seconds("MEETING_JOIN_LEAD_SECONDS", 120);
}

/** A live meeting whose bot sent no heartbeat for this long has lost its worker. */
export function meetingHeartbeatTimeoutSeconds(): number {
  return seconds("MEETING_HEARTBEAT_TIMEOUT_SECONDS", 60);
}

/**
 * A meeting waiting for a free bot (every worker busy) fails after this long (`no_free_bot`); until
 * then it stays joining, marked `waiting_for_bot`.
 */
export function meetingQueueTimeoutSeconds(): number {
  return seconds("MEETING_QUEUE_TIMEOUT_SECONDS", 600);
}

/** Cohost is served over https: HSTS, Secure cookies and upgrade-insecure-requests follow from it. */
export function servedOverHttps(): boolean {
  return appUrl().startsWith("https://");
}

/** Whether `npm start` runs the jobs process (calendar imports and syncs) beside the web server. */
export function jobsBesideWeb(): boolean {
  return process.env.RUN_JOBS !== "0";
}

/** Bot worker settings (lib/bots): how many bots one worker runs, and when a bot gives up or leaves. */
export function botSettings() {
  return {
    /** Whether `npm start` runs a worker beside the web server (off for deployments with worker machines). */
    workerInWeb: process.env.RUN_WORKER !== "0",
    concurrency: seconds("WORKER_CONCURRENCY", 4),
    // How long a bot waits to be let in, and when it leaves on its own, are the agent's leaving rules
    // (lib/agents/leaving.ts); these cap them.
    /** A test room is the user's own call: the agent leaves it soon when nobody is there (it costs money). */
    emptyRoom: {
      neverJoinedMs: seconds("BOT_ROOM_WAIT_SECONDS", 120) * 1000,
      afterLeftMs: seconds("BOT_ROOM_ALONE_SECONDS", 15) * 1000,
    },
    /** The operator's cap on any agent's maximum duration. */
    maxDurationMs: seconds("BOT_MAX_DURATION_MINUTES", 240) * 60_000,
    /** Well inside MEETING_HEARTBEAT_TIMEOUT_SECONDS, so one late beat never fails a meeting. */
    heartbeatMs: Math.min(5000, (meetingHeartbeatTimeoutSeconds() * 1000) / 4),
    /** One billing tick per started minute (tests shorten it). */
    billingIntervalMs: seconds("BOT_BILLING_INTERVAL_SECONDS", 60) * 1000,
  };
}
export type BotSettings = ReturnType<typeof botSettings>;
