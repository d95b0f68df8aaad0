"use client";
// Reports render errors to a Sentry-compatible endpoint when NEXT_PUBLIC_SENTRY_DSN is set
// (https://<key>@<host>/<project>), using Sentry's envelope format; always to the log (the console).
import { errorText, log } from "../log.ts";

const DSN = process.env.NEXT_PUBLIC_SENTRY_DSN;

export function reportError(error: Error & { digest?: string }, context: Record<string, unknown> = {}): void {
  log({ event: "render_error", level: "error", error: errorText(error), digest: error.digest, context });
  if (!DSN) return;
  try {
    const dsn = new URL(DSN);
    const project = dsn.pathname.replace(/^\//, "");
    const endpoint = `${dsn.protocol}//${dsn.host}/api/${project}/envelope/?sentry_key=${dsn.username}&sentry_version=7`;
    const eventId = crypto.randomUUID().replace(/-/g, "");
    const event = {
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: "javascript",
      level: "error",
      request: { url: window.location.href },
      tags: { digest: error.digest },
      extra: context,
      exception: { values: [{ type: error.name, value: error.message, stacktrace: { frames: [] } }] },
    };
    const body = [JSON.stringify({ event_id: eventId, dsn: DSN, sent_at: new Date().toISOString() }), JSON.stringify({ type: "event" }), JSON.stringify(event)].join("\n");
    void fetch(endpoint, { method: "POST", body, keepalive: true }).catch(() => {});
  } catch {
    /* reporting must never throw */
  }
}
