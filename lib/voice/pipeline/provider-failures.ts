import { ProviderError } from "../types.ts";
import { outageNotice, ProviderOutage } from "./provider-outage.ts";
import type { SessionContext } from "./session-context.ts";

export interface ProviderFailuresOptions extends SessionContext {
  /** The agent's language, for the outage notice. */
  language: string;
  /** How long an outage may last (default PROVIDER_OUTAGE_LIMIT_MS). */
  limitMs?: number;
  /** Speaks an announcement (the outage notice). */
  say: (text: string) => void;
  /** Reports the error once and ends the session. */
  fail: (error: ProviderError) => void;
}

/**
 * What the session does with a provider that failed after the adapters' own retries (docs/voice.md,
 * "Errors"): a failure that can pass is an outage, reported and announced once and given up on only
 * past its limit; a provider that works again ends its outage. Failures for good end the session.
 */
export class ProviderFailures {
  private readonly outage: ProviderOutage;
  private readonly options: ProviderFailuresOptions;

  constructor(options: ProviderFailuresOptions) {
    this.options = options;
    this.outage = new ProviderOutage(options.limitMs);
  }

  /** A provider failed for good: the session ends. */
  fail(error: ProviderError): void {
    this.options.fail(error);
  }

  /**
   * A failure that may pass: the first of an outage is reported and announced once; one that
   * outlasts PROVIDER_OUTAGE_LIMIT_MS ends the session. False when the session is over.
   */
  transient(error: ProviderError): boolean {
    const { now, log, emit, language, say } = this.options;
    const state = this.outage.failed(error, now());
    log("provider_trouble", { level: "warn", providerKind: error.providerKind, provider: error.providerId, outage: state, error: error.message });
    if (state === "too_long") {
      this.fail(error);
      return false;
    }
    if (state === "began") {
      emit({ type: "outage", state: "began", error });
      say(outageNotice(language));
    }
    return true;
  }

  /** A provider of `kind` worked: an outage of its ends. */
  recovered(kind: ProviderError["providerKind"]): void {
    const { now, log, emit } = this.options;
    const lastedMs = this.outage.recovered(kind, now());
    if (lastedMs === null) return;
    log("provider_recovered", { providerKind: kind, lastedMs: Math.round(lastedMs) });
    emit({ type: "outage", state: "ended", providerKind: kind, lastedMs: Math.round(lastedMs) });
  }

  /** When to try again during an outage (a failed answer, a speech-to-text stream): back-off on the session clock. */
  nextRetryAt(): number {
    return this.outage.nextRetryAt(this.options.now());
  }
}

/** Adapters only throw ProviderErrors; anything else is reported as the stage being unreachable. */
export function asProviderError(err: unknown, kind: ProviderError["providerKind"], providerId: string): ProviderError {
  return err instanceof ProviderError ? err : new ProviderError(kind, providerId, "unreachable", err instanceof Error ? err.message : String(err));
}
