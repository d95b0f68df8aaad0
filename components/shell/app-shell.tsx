"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Suspense, useState, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { BalanceBadge } from "./balance-badge";
import { FeedbackPopover, MobileDrawer, ProfileDialog, ThemeMenu, UserMenu } from "./lazy-widgets";
import { Logo } from "./logo";
import { NavLinks } from "./nav-links";
import { PageTitle } from "./page-title";
import { ShellActions } from "./shell-actions";
import type { Profile } from "./use-profile";

/** The signed-in layout (spec §2): 240 px sidebar from md up, top bar, page header, footer. */
export function AppShell({ children, footer, profile }: { children: ReactNode; footer: ReactNode; profile: Profile | null }) {
  const t = useTranslations("shell");
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileWanted, setProfileWanted] = useState(false);
  // Opened from a menu, the dialog gives focus back to the menu's button, not to the item now gone.
  const [profileReturn, setProfileReturn] = useState<HTMLElement | null>(null);
  const openProfile = (returnTo?: HTMLElement | null) => {
    setProfileReturn(returnTo ?? null);
    setProfileWanted(true);
    setProfileOpen(true);
  };
  return (
    <SWRConfig value={{ fallback: profile ? { "/api/me": profile } : {} }}>
      <div className="flex min-h-screen">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[70] focus:rounded focus:bg-[var(--surface)] focus:p-2">
          {t("skipToContent")}
        </a>
        {/* Stays in view on long pages (it scrolled away with them). */}
        <aside className="hidden w-[240px] shrink-0 flex-col gap-6 overflow-y-auto border-r border-[var(--border)] bg-[var(--surface)] p-4 md:sticky md:top-0 md:flex md:h-screen">
          <Link href="/">
            <Logo />
          </Link>
          <nav aria-label={t("mainNavigation")}>
            <Suspense>
              <NavLinks />
            </Suspense>
            <FeedbackPopover />
          </nav>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-[var(--border)] bg-header px-4 dark:bg-[var(--surface)] md:px-8">
            <Link href="/" className="md:hidden">
              <Logo size="small" />
            </Link>
            <div className="hidden md:block">
              <BalanceBadge />
            </div>
            <div className="flex items-center gap-1">
              <ThemeMenu />
              <div className="hidden md:block">
                <UserMenu onProfile={openProfile} />
              </div>
              <Suspense>
                <MobileDrawer onProfile={openProfile} />
              </Suspense>
            </div>
          </header>
          <main id="main" className="flex w-full flex-1 flex-col gap-6 px-4 py-6 md:px-8">
            <PageTitle />
            <ShellActions.Provider value={{ openProfile: () => openProfile() }}>{children}</ShellActions.Provider>
          </main>
          {footer}
        </div>
        {profileWanted && <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} returnFocusTo={profileReturn} />}
      </div>
    </SWRConfig>
  );
}
