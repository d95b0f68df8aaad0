"use client";
import { NextIntlClientProvider, useLocale, useMessages } from "next-intl";
import { useState, type ReactNode } from "react";

/**
 * Dates and times in the browser's own time zone (what the user's wall clock says), named
 * explicitly: without a zone next-intl falls back to the environment's and reports an
 * ENVIRONMENT_FALLBACK error for every date it formats. Only for content that renders in the
 * browser (the server does not know the user's zone), such as the calendar screens, which load
 * their data client-side.
 */
export function BrowserTimeZone({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const messages = useMessages();
  const [timeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
      {children}
    </NextIntlClientProvider>
  );
}
