"use client";
import { useRef, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { VIEWS, type CalendarView } from "./date-range";

export const tabId = (id: string, view: CalendarView) => `${id}-tab-${view}`;
export const panelId = (id: string, view: CalendarView) => `${id}-panel-${view}`;

const KEYS: Record<string, (i: number) => number> = {
  ArrowRight: (i) => i + 1,
  ArrowLeft: (i) => i - 1,
  Home: () => 0,
  End: () => VIEWS.length - 1,
};

/**
 * Month, week and list as WAI-ARIA tabs: only the selected tab is in the tab order; arrow keys,
 * Home and End move to another and select it (automatic activation). Our own few lines instead of
 * Radix Tabs, whose 8 kB kept the calendar pages over the first-load budget (docs/ui.md). The page
 * renders the selected view's panel (id `panelId`, labelled by `tabId`).
 */
export function ViewTabs({ id, value, onChange, label, names }: { id: string; value: CalendarView; onChange: (view: CalendarView) => void; label: string; names: Record<CalendarView, string> }) {
  const tabs = useRef(new Map<CalendarView, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent) => {
    const move = KEYS[e.key];
    if (!move) return;
    e.preventDefault();
    const next = VIEWS[(move(VIEWS.indexOf(value)) + VIEWS.length) % VIEWS.length];
    onChange(next);
    tabs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="inline-flex rounded-md border border-[var(--border)] p-0.5">
      {VIEWS.map((v) => (
        <button
          key={v}
          ref={(el) => {
            if (el) tabs.current.set(v, el);
          }}
          type="button"
          role="tab"
          id={tabId(id, v)}
          aria-selected={v === value}
          // Only the selected tab's panel exists.
          aria-controls={v === value ? panelId(id, v) : undefined}
          tabIndex={v === value ? 0 : -1}
          onClick={() => onChange(v)}
          className={cn(
            "rounded px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-primary",
            v === value ? "bg-primary text-white" : "hover:bg-hover-light dark:hover:bg-white/5",
          )}
        >
          {names[v]}
        </button>
      ))}
    </div>
  );
}
