// What every calendar import shares: the window occurrences are expanded over, the transaction's
// bounds and the agent's rules the import applies.

const DAY_MS = 24 * 3600_000;

/** Occurrences from a week ago (recent history on the calendar page) to 60 days ahead. */
export function importWindow(now = new Date()): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 7 * DAY_MS), to: new Date(now.getTime() + 60 * DAY_MS) };
}

/** Imports can be large (thousands of occurrences on a first upload); the default 5 s is for requests. */
export const IMPORT_TRANSACTION = { timeout: 120_000, maxWait: 30_000 } as const;

export const AGENT_RULES = { agent: { select: { id: true, accessControlEnabled: true, whitelistedEmails: true, requireConfirmation: true } } } as const;
