import format, { type CompiledMessage } from "icu-minify/format";
import type { Locale } from "./locale.ts";
import { loadMessages } from "./messages.ts";

/** A message lookup of one catalogue namespace, like next-intl's `t`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

/**
 * `t` for code that runs outside a request (jobs, the bot worker, feeds, downloads), where
 * next-intl's request config is not there. It reads the same compiled catalogue. A missing key
 * throws: it is a programming error, not something to show a user.
 */
export function translator(locale: Locale, namespace: string): Translate {
  const messages = loadMessages(locale)[namespace] as Record<string, unknown> | undefined;
  if (!messages) throw new Error(`No catalogue namespace "${namespace}"`);
  return (key, values) => {
    const message = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    if (message === undefined || (typeof message === "object" && !Array.isArray(message))) throw new Error(`No message "${namespace}.${key}"`);
    return String(format(message as CompiledMessage, locale, values, { formatters }));
  };
}
