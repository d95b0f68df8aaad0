import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { headers } from "next/headers";
import { AppProviders } from "@/components/providers/app-providers";
import { ThemeScript } from "@/components/providers/theme-script";
import { serverSession } from "@/lib/auth/server-user";
import { SITE } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = { title: { default: SITE.title, template: `%s · ${SITE.title}` } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, session, requestHeaders] = await Promise.all([getLocale(), serverSession(), headers()]);
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <ThemeScript nonce={requestHeaders.get("x-nonce") ?? undefined} />
      </head>
      <body>
        <NextIntlClientProvider>
          <AppProviders session={session}>{children}</AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
