import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getServerSession } from "next-auth";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { AppProviders } from "@/components/providers/app-providers";
import { ThemeScript } from "@/components/providers/theme-script";
import { authOptions } from "@/lib/auth/next-auth";
import { SITE } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = { title: { default: SITE.title, template: `%s · ${SITE.title}` } };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, session] = await Promise.all([getLocale(), getServerSession(authOptions())]);
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body>
        <NextIntlClientProvider>
          <AppProviders session={session}>{children}</AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
