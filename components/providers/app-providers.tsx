"use client";
import type { Session } from "next-auth";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { AuthSessionProvider } from "@/components/auth/session-provider";
import { fetcher } from "@/lib/client/api";
import { CookieBanner } from "./cookie-banner";
import { Toaster } from "./toaster";

export function AppProviders({ session, children }: { session: Session | null; children: ReactNode }) {
  return (
    <SWRConfig value={{ fetcher, revalidateOnFocus: true }}>
      <AuthSessionProvider session={session}>
        {children}
        <Toaster />
        <CookieBanner />
      </AuthSessionProvider>
    </SWRConfig>
  );
}
