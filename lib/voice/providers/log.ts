import type { ProviderKind } from "../types.ts";

/** One thing that happened between us and a provider. Never carries a key or user content. */
export interface ProviderLogEvent {
  provider: string;
  kind: ProviderKind;
  /** What happened: "retry", "reconnect", "connect_failed", "dropped", "gave_up", … */
  event: string;
  attempt?: number;
  delayMs?: number;
  status?: number;
  error?: string;
}

export type ProviderLogger = (event: ProviderLogEvent) => void;

/** Default: one JSON line per event on stdout, which the worker's log shipping picks up. */
export const jsonLineLogger: ProviderLogger = (event) => {
  process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), scope: "voice.provider", ...event })}\n`);
};
