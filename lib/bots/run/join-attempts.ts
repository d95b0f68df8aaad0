import type { Page } from "playwright-core";
import type { JoinFailure, JoinResult } from "../platforms/types.ts";

// A join that the platform turned away is tried again, like Attendee does: up to MAX_JOIN_ATTEMPTS
// attempts in all, each in a fresh browser context (new cookies, storage and page; the same audio
// bridge slot), when the platform blocked the bot or the page failed to connect. Refusals a person
// made (denied), a wrong link or passcode, a full meeting or a sign-in wall are final at once.

export const MAX_JOIN_ATTEMPTS = 3;

export type JoinFailed = Extract<JoinResult, { kind: "failed" }>;

/** Whether another attempt in a fresh browser may go otherwise. */
export function retriesJoin(failure: { reason: JoinFailure; transient?: boolean }): boolean {
  return failure.reason === "blocked" || failure.transient === true;
}

export interface JoinAttempts {
  /** One attempt on `page`. */
  join(page: Page): Promise<JoinResult>;
  /** An attempt failed and another follows: note it (the timeline) while the failed page is still there. */
  retrying(failure: JoinFailed & { attempt: number }): Promise<void>;
  /** A fresh browser context for the next attempt (the bridge moved over); its page. */
  fresh(): Promise<Page>;
  /** Stops further attempts (the run's end). */
  signal?: AbortSignal;
}

/** Joins on `first`, then in fresh contexts while the failure allows it; the last result. */
export async function joinWithRetries(first: Page, attempts: JoinAttempts, max = MAX_JOIN_ATTEMPTS): Promise<JoinResult> {
  let page = first;
  for (let attempt = 1; ; attempt++) {
    const result = await attempts.join(page);
    if (result.kind === "admitted" || attempt >= max || !retriesJoin(result) || attempts.signal?.aborted) return result;
    await attempts.retrying({ ...result, attempt });
    if (attempts.signal?.aborted) return result;
    page = await attempts.fresh();
  }
}
