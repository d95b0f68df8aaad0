"use client";
import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { timeZoneNames } from "@/lib/agents/time-zone";
import { CONTROL } from "./select-field";

const label = (zone: string) => zone.replace(/_/g, " ");
const MAX_SHOWN = 100;

/**
 * The time zone as a searchable combobox (WAI-ARIA APG "editable combobox with list autocomplete"):
 * type any part of the name ("kolkata", "new york"), arrow keys move through the matches, Enter or a
 * click picks one, Escape puts the value back. Only a listed zone is ever chosen; current IANA names.
 */
export function TimeZoneField({ value, onChange, error }: { value: string; onChange: (zone: string) => void; error?: string }) {
  const t = useTranslations("agents.timeZone");
  const id = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const open = query !== null;
  const words = (query ?? "").toLowerCase().replace(/_/g, " ").split(/[\s/]+/).filter(Boolean);
  const matches = open ? zones.filter((z) => words.every((w) => label(z).toLowerCase().includes(w))).slice(0, MAX_SHOWN) : [];

  const move = (to: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, to));
    setActive(next);
    list.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: "nearest" });
  };
  const choose = (zone: string | undefined) => {
    if (zone) onChange(zone);
    setQuery(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) {
        setQuery("");
        setActive(Math.max(0, zones.indexOf(value)));
      } else move(active + 1);
    } else if (e.key === "ArrowUp" && open) {
      e.preventDefault();
      move(active - 1);
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      choose(matches[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      setQuery(null);
    }
  };

  return (
    <div className="relative flex flex-col gap-1 md:max-w-xs">
      <label htmlFor={id} className="text-sm font-medium">
        {t("label")}
      </label>
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && matches[active] ? `${id}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        value={open ? query : label(value)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onFocus={(e) => e.target.select()}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
        className={cn(CONTROL, error && "border-error")}
      />
      <ul
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-label={t("label")}
        hidden={!open}
        className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-[var(--border)] bg-[var(--surface)] py-1 text-sm shadow-lg"
      >
        {matches.map((zone, i) => (
          <li
            key={zone}
            id={`${id}-${i}`}
            data-index={i}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the input, so the click lands before the blur closes the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(zone)}
            className={cn("cursor-pointer px-3 py-1.5", i === active && "bg-primary-light text-primary-dark", zone === value && "font-semibold")}
          >
            {label(zone)}
          </li>
        ))}
        {open && matches.length === 0 && <li className="px-3 py-1.5 text-[var(--text-muted)]">{t("none")}</li>}
      </ul>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error-text">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-[var(--text-muted)]">
          {t("hint")}
        </p>
      )}
    </div>
  );
}
