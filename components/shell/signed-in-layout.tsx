import type { ReactNode } from "react";
import { serverUserId } from "@/lib/auth/server-user";
import { getProfile } from "@/lib/users/profile";
import { AppShell } from "./app-shell";
import { Footer } from "./footer";

/**
 * The signed-in frame of (app) and of unknown paths. The profile (name, balance) is read here on
 * every full page load and seeds the browser's cache, so the header paints the current balance at
 * once instead of "…" or a figure from before.
 */
export async function SignedInLayout({ children }: { children: ReactNode }) {
  const userId = await serverUserId();
  const profile = userId ? await getProfile(userId).catch(() => null) : null;
  return (
    <AppShell footer={<Footer />} profile={profile}>
      {children}
    </AppShell>
  );
}
