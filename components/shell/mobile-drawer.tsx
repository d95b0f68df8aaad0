"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { Menu as MenuIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRef, useState } from "react";
import { signOutAndClear } from "@/lib/client/session";
import { BalanceBadge } from "./balance-badge";
import { FeedbackSheet } from "./feedback-sheet";
import { LanguageSelect } from "./language-select";
import { NavLinks } from "./nav-links";
import { SheetHeader } from "./sheet-header";
import { ICON_BUTTON } from "./triggers";
import { displayName, useProfile } from "./use-profile";

/** Below md: a right-side drawer with balance, Top up, navigation, the user's name, Profile, Logout. */
export function MobileDrawer({ onProfile }: { onProfile: (returnTo: HTMLElement | null) => void }) {
  const t = useTranslations("shell");
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { data } = useProfile();
  const close = () => setOpen(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger ref={trigger} aria-label={t("openMenu")} className={`${ICON_BUTTON} md:hidden`}>
        <MenuIcon size={22} aria-hidden="true" />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-[var(--surface)] p-4 text-[var(--text)] shadow-xl">
          <SheetHeader title={t("menu")} description={t("mainNavigation")} closeLabel={t("closeMenu")} />
          <BalanceBadge onNavigate={close} />
          <nav aria-label={t("mainNavigation")}>
            <NavLinks onNavigate={close} />
            <FeedbackSheet />
          </nav>
          <div className="mt-auto border-t border-[var(--border)] pt-4">
            <p className="mb-2 text-sm font-medium">{displayName(data)}</p>
            <button
              type="button"
              className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-hover-light dark:hover:bg-white/5"
              onClick={() => {
                close();
                onProfile(trigger.current);
              }}
            >
              {t("profile")}
            </button>
            <Link href="/account" onClick={close} className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-hover-light dark:hover:bg-white/5">
              {t("account")}
            </Link>
            <button type="button" className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-hover-light dark:hover:bg-white/5" onClick={() => void signOutAndClear()}>
              {t("logout")}
            </button>
            <LanguageSelect className="mt-3 px-3" />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
