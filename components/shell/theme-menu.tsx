"use client";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { THEME_KEY } from "@/components/providers/theme-script";
import { ICON_BUTTON } from "./triggers";

type Theme = "system" | "light" | "dark";

function apply(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}

// The remembered theme is an outside store (local storage): read from it, told when this menu changes it.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const stored = (): Theme => (localStorage.getItem(THEME_KEY) as Theme) || "system";

/** System / Light / Dark, remembered in local storage (spec §2). */
export function ThemeMenu() {
  const t = useTranslations("shell");
  // "system" while the server renders and the page hydrates, then what is remembered.
  const theme = useSyncExternalStore(subscribe, stored, () => "system" as Theme);
  const choose = (value: string) => {
    const next = value as Theme;
    localStorage.setItem(THEME_KEY, next);
    listeners.forEach((l) => l());
    apply(next);
  };
  const Icon = theme === "dark" ? Moon : theme === "light" ? Sun : Monitor;
  return (
    <Menu.Root>
      <Menu.Trigger aria-label={t("theme")} className={ICON_BUTTON}>
        <Icon size={18} aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-40 rounded-md border border-[var(--border)] bg-[var(--surface)] p-1 text-sm text-[var(--text)] shadow-lg">
          <Menu.RadioGroup value={theme} onValueChange={choose}>
            {(["system", "light", "dark"] as const).map((value) => (
              <Menu.RadioItem key={value} value={value} className="flex cursor-pointer items-center justify-between rounded px-3 py-2 outline-none data-[highlighted]:bg-hover-light dark:data-[highlighted]:bg-white/5">
                {t(value === "system" ? "themeSystem" : value === "light" ? "themeLight" : "themeDark")}
                <Menu.ItemIndicator>✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
