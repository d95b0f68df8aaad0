/**
 * The Last-Event-ID a reconnecting EventSource sends, when it is one of ours: a number of at most
 * `maxDigits` digits (the caller reads it as a number or a bigint). Anything else is no cursor.
 */
export function lastEventId(value: string | null, maxDigits: number): string | null {
  return value && value.length <= maxDigits && /^\d+$/.test(value) ? value : null;
}
