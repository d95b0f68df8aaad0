import { logger, type Logger } from "../../log.ts";
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

/** Provider events as lines of the one structured logger (lib/log.ts), with whatever `log` binds (the meeting and run). */
export function providerLogger(log: Logger): ProviderLogger {
  return ({ event, ...fields }) => log(event, { level: "warn", scope: "voice.provider", ...fields });
}

/** Default: lines of the shared logger without a meeting (key checks, the smoke command). */
export const jsonLineLogger: ProviderLogger = providerLogger(logger());
