"use client";
import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { LANGUAGES, switchLanguage } from "./language";

/** The language choice where there is no account menu: the sign-in screens and the phone drawer. */
export function LanguageSelect({ className }: { className?: string }) {
  const t = useTranslations("shell");
  const locale = useLocale();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A language chosen before the page's script ran (a slow connection) never reached onChange; the
  // choice is still in the list when the page comes alive: apply it then.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== locale) switchLanguage(chosen);
  }, [locale]);
  return (
    <div className={`flex items-center gap-2 text-sm ${className ?? ""}`}>
      <Languages size={16} aria-hidden="true" className="text-[var(--text-muted)]" />
      <label htmlFor={id} className="text-[var(--text-muted)]">
        {t("language")}
      </label>
      <select
        id={id}
        ref={select}
        value={locale}
        onChange={(e) => switchLanguage(e.target.value)}
        className="rounded-md border border-[var(--border)] bg-[var(--surface)] px-2 py-1 text-sm text-[var(--text)] focus:outline-2 focus:outline-primary"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
