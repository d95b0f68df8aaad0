"use client";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { useLocale, useTranslations } from "next-intl";
import { useRef } from "react";
import Link from "next/link";
import { signOutAndClear } from "@/lib/client/session";
import { LANGUAGES, switchLanguage } from "./language";
import { AccountLabel, AVATAR_BUTTON } from "./triggers";
import { displayName, useProfile } from "./use-profile";

const ITEM = "flex cursor-pointer items-center justify-between rounded px-3 py-2 outline-none data-[highlighted]:bg-hover-light dark:data-[highlighted]:bg-white/5";

export function UserMenu({ onProfile }: { onProfile: (returnTo: HTMLElement | null) => void }) {
  const t = useTranslations("shell");
  const locale = useLocale();
  const { data } = useProfile();
  const name = displayName(data);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root>
      <Menu.Trigger ref={trigger} className={AVATAR_BUTTON}>
        <AccountLabel />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-[var(--border)] bg-[var(--surface)] p-1 text-sm text-[var(--text)] shadow-lg">
          {name && <Menu.Label className="px-3 py-2 text-xs text-[var(--text-muted)]">{name}</Menu.Label>}
          <Menu.Item className={ITEM} onSelect={() => onProfile(trigger.current)}>
            {t("profile")}
          </Menu.Item>
          <Menu.Item className={ITEM} asChild>
            <Link href="/account">{t("account")}</Link>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-[var(--border)]" />
          <Menu.Label className="px-3 py-1 text-xs text-[var(--text-muted)]">{t("language")}</Menu.Label>
          <Menu.RadioGroup value={locale} onValueChange={switchLanguage}>
            {LANGUAGES.map((l) => (
              <Menu.RadioItem key={l.code} value={l.code} className={ITEM}>
                {l.label}
                <Menu.ItemIndicator>✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className="my-1 h-px bg-[var(--border)]" />
          <Menu.Item className={ITEM} onSelect={() => void signOutAndClear()}>
            {t("logout")}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
