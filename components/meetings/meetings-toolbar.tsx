"use client";
import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent } from "react";
import { CONTROL, SelectField } from "@/components/agents/select-field";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { Agent } from "@/lib/client/use-agents";
import { VIEWS, type MeetingFilters, type View } from "./use-meeting-filters";

/** The tabs, "Send agent to a meeting", the search box and the agent and status filters. */
export function MeetingsToolbar({ filters, agents, onSend }: { filters: MeetingFilters; agents: Agent[]; onSend: () => void }) {
  const t = useTranslations("meetings");
  const { view, agentId, status, setQuery } = filters;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ViewTabs view={view} onChange={(next) => setQuery({ view: next, status: "" })} />
        <Button onClick={onSend} disabled={agents.length === 0}>
          {t("list.send")}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:flex md:gap-4">
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-1 md:w-72">
          <label htmlFor="meeting-search" className="text-sm font-medium">
            {t("list.search")}
          </label>
          <input
            id="meeting-search"
            type="search"
            value={filters.search}
            onChange={(e) => filters.setSearch(e.target.value)}
            placeholder={t("list.searchPlaceholder")}
            maxLength={200}
            className={CONTROL}
          />
        </div>
        <SelectField label={t("list.filterAgent")} value={agentId} onChange={(e) => setQuery({ agent_id: e.target.value })} className="md:w-56">
          <option value="">{t("list.allAgents")}</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("list.filterStatus")} value={status} onChange={(e) => setQuery({ status: e.target.value })} className="md:w-48">
          <option value="">{t("list.allStatuses")}</option>
          {VIEWS[view].map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

/** Upcoming and Past as tabs (arrow keys move between them, as the ARIA tabs pattern has it). */
function ViewTabs({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const t = useTranslations("meetings.list");
  const tabs = useRef<Record<View, HTMLButtonElement | null>>({ upcoming: null, past: null });
  const order: View[] = ["upcoming", "past"];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const next = e.key === "Home" ? order[0] : e.key === "End" ? order[order.length - 1] : order[(order.indexOf(view) + (e.key === "ArrowRight" ? 1 : order.length - 1)) % order.length];
    onChange(next);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t("views")} onKeyDown={onKeyDown} className="inline-flex self-start rounded-lg border border-[var(--border)] bg-[var(--surface)] p-1">
      {order.map((v) => (
        <button
          key={v}
          ref={(el) => {
            tabs.current[v] = el;
          }}
          id={`meetings-tab-${v}`}
          type="button"
          role="tab"
          aria-selected={view === v}
          aria-controls="meetings-panel"
          tabIndex={view === v ? 0 : -1}
          onClick={() => onChange(v)}
          className={cn(
            "h-8 rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary",
            view === v ? "bg-primary text-white" : "text-[var(--text)] hover:bg-hover-light dark:hover:bg-white/5",
          )}
        >
          {t(v)}
        </button>
      ))}
    </div>
  );
}
