"use client";
import type { Session } from "next-auth";
import dynamic from "next/dynamic";
import { useEffect, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { onSignOut, setSessionExpiry } from "@/lib/client/session";

// next-auth's provider keeps the session cookie fresh when the window regains focus and syncs
// sign-outs between tabs. Nothing reads its context (the app asks /api/me), so it runs beside the
// page instead of around it and loads after the page is interactive.
const SessionSync = dynamic(() => import("next-auth/react").then((m) => m.SessionProvider), { ssr: false });

/** The session the page was rendered with, wired to the spec §4 refresh and sign-out rules. */
export function AuthSessionProvider({ session, children }: { session: Session | null; children: ReactNode }) {
  useEffect(() => setSessionExpiry(session?.expires), [session?.expires]);
  return (
    <>
      <ClearSwrOnSignOut />
      {children}
      {session && <SessionSync session={session} refetchOnWindowFocus>{null}</SessionSync>}
    </>
  );
}

function ClearSwrOnSignOut() {
  const { cache } = useSWRConfig();
  useEffect(() => onSignOut(() => (cache as Map<string, unknown>).clear?.()), [cache]);
  return null;
}
