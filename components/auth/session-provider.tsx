"use client";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { useEffect, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { onSignOut, setSessionExpiry } from "@/lib/client/session";

/** next-auth's provider, seeded from the server's session, wired to the spec §4 sign-out rules. */
export function AuthSessionProvider({ session, children }: { session: Session | null; children: ReactNode }) {
  useEffect(() => setSessionExpiry(session?.expires), [session?.expires]);
  return (
    <SessionProvider session={session} refetchOnWindowFocus>
      <ClearSwrOnSignOut />
      {children}
    </SessionProvider>
  );
}

function ClearSwrOnSignOut() {
  const { cache } = useSWRConfig();
  useEffect(() => onSignOut(() => (cache as Map<string, unknown>).clear?.()), [cache]);
  return null;
}
