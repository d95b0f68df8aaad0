"use client";
import { Menu as MenuIcon, MessageSquare, Monitor } from "lucide-react";
import { useTranslations } from "next-intl";
import { Avatar } from "./avatar";
import { displayName, useProfile } from "./use-profile";

// The shell's menu and popover buttons. The widgets behind them are code-split (lazy-widgets.tsx);
// until a widget's code has arrived, the same button stands in its place, disabled, so nothing
// moves when it is swapped and no click is lost on a button that cannot open yet.
export const ICON_BUTTON = "rounded-md p-2 hover:bg-hover-light disabled:cursor-default dark:hover:bg-white/5";
export const NAV_BUTTON = "flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-hover-light disabled:cursor-default dark:hover:bg-white/5";
export const AVATAR_BUTTON = "flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-primary-light disabled:cursor-default";

export function FeedbackLabel() {
  const t = useTranslations("feedback");
  return (
    <>
      <MessageSquare size={18} aria-hidden="true" />
      {t("open")}
    </>
  );
}

export function AccountLabel() {
  const t = useTranslations("shell");
  const { data } = useProfile();
  return (
    <>
      <Avatar name={displayName(data)} photoURL={data?.photoURL} />
      <span className="sr-only">{t("userMenu")}</span>
    </>
  );
}

export function ThemeButtonStandIn() {
  const t = useTranslations("shell");
  return (
    <button type="button" disabled aria-label={t("theme")} className={ICON_BUTTON}>
      <Monitor size={18} aria-hidden="true" />
    </button>
  );
}

export function AccountButtonStandIn() {
  return (
    <button type="button" disabled className={AVATAR_BUTTON}>
      <AccountLabel />
    </button>
  );
}

export function MenuButtonStandIn() {
  const t = useTranslations("shell");
  return (
    <button type="button" disabled aria-label={t("openMenu")} className={`${ICON_BUTTON} md:hidden`}>
      <MenuIcon size={22} aria-hidden="true" />
    </button>
  );
}

export function FeedbackButtonStandIn() {
  return (
    <button type="button" disabled className={NAV_BUTTON}>
      <FeedbackLabel />
    </button>
  );
}
