import type { ProviderError, ProviderKind } from "../types.ts";
import { OUTAGE_RETRY_FIRST_MS, OUTAGE_RETRY_MAX_MS, PROVIDER_OUTAGE_LIMIT_MS } from "./tuning.ts";

/** What the agent says, once per outage, in its language (English when it has no sentence in it). */
const NOTICE: Record<string, string> = {
  en: "Sorry, one of my services is not responding at the moment. I will answer as soon as it is back.",
  de: "Entschuldigung, einer meiner Dienste antwortet gerade nicht. Ich antworte, sobald er wieder da ist.",
};

export function outageNotice(language: string): string {
  return NOTICE[language.split("-")[0]] ?? NOTICE.en;
}

/**
 * A provider outage as the session lives through it (docs/voice.md, "Errors"): it begins with the
 * first transient failure after the adapters' own retries, ends when the failing provider works
 * again, and is given up on only when it outlasts PROVIDER_OUTAGE_LIMIT_MS. Times are on the
 * session clock.
 */
export class ProviderOutage {
  private readonly limitMs: number;
  private since: number | null = null;
  private kind: ProviderKind | null = null;
  private retries = 0;

  constructor(limitMs = PROVIDER_OUTAGE_LIMIT_MS) {
    this.limitMs = limitMs;
  }

  get active(): boolean {
    return this.since !== null;
  }

  /** A transient failure: "began" for the first of an outage, "ongoing", or "too_long" once past the limit. */
  failed(error: ProviderError, now: number): "began" | "ongoing" | "too_long" {
    if (this.since === null) {
      this.since = now;
      this.kind = error.providerKind;
      this.retries = 0;
      return "began";
    }
    return now - this.since > this.limitMs ? "too_long" : "ongoing";
  }

  /** A provider of `kind` worked: the outage (if it was that provider's) is over; returns its length. */
  recovered(kind: ProviderKind, now: number): number | null {
    if (this.since === null || this.kind !== kind) return null;
    const lasted = now - this.since;
    this.since = null;
    this.kind = null;
    return lasted;
  }

  /** When to try a failed answer again: back-off from the first wait, doubling, capped. */
  nextRetryAt(now: number): number {
    const wait = Math.min(OUTAGE_RETRY_MAX_MS, OUTAGE_RETRY_FIRST_MS * 2 ** this.retries++);
    return now + wait;
  }
}
