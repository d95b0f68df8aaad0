"use client";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { CONTROL, SelectField } from "@/components/agents/select-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { formatUsd } from "@/lib/shell/nav";
import { useAgents } from "@/lib/client/use-agents";
import { isLiveStatus, useMeetings, type Meeting } from "@/lib/client/use-meetings";
import { FINAL_STATUSES, OPEN_STATUSES } from "@/lib/meetings/status";
import { MeetingActions } from "./meeting-actions";
import { PlatformBadge } from "./platform-badge";
import { MeetingListSkeleton } from "./meeting-skeletons";
import { StatusChip, useReasonText } from "./status-chip";
import { useMeetingTitle } from "./use-meeting-title";

// Loaded when first opened: the dialog (Radix, the link parser) is not needed to read the list.
const SendToMeetingDialog = dynamic(() => import("./send-to-meeting-dialog").then((m) => m.SendToMeetingDialog), { ssr: false });

const primaryLink = "inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark";

const VIEWS = { upcoming: OPEN_STATUSES, past: FINAL_STATUSES } as const;
type View = keyof typeof VIEWS;
/** Typing in the search box waits this long before the list asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * /meetings: the user's meetings in two tabs, Upcoming (the ones an agent is in on top, then the
 * soonest) and Past (latest first), with search by title and agent and status filters kept in the
 * URL, status chips with their reason, platform colours, the actions each meeting allows, paging, and
 * the "Send agent to a meeting" dialog. A table from the medium breakpoint, cards on phones.
 */
export function MeetingsPage() {
  const t = useTranslations("meetings");
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const view: View = params.get("view") === "past" ? "past" : "upcoming";
  const agentId = params.get("agent_id") ?? "";
  const status = params.get("status") ?? "";
  const query = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { agents, isLoading: agentsLoading } = useAgents();
  const list = useMeetings({ view, agentId, status, q: query, page });
  const reasonText = useReasonText();
  const title = useMeetingTitle();
  const [sending, setSending] = useState(params.get("send") === "1");
  const [search, setSearch] = useState(query);

  const setQuery = (next: Record<string, string>) => {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    if (!("page" in next)) q.delete("page");
    const s = q.toString();
    router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
  };

  // The search box updates the URL (and so the list) once typing pauses.
  const setQueryRef = useRef(setQuery);
  setQueryRef.current = setQuery;
  useEffect(() => {
    if (search.trim() === query) return;
    const timer = setTimeout(() => setQueryRef.current({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  const when = (m: Meeting) =>
    m.startedAt && m.status !== "scheduled"
      ? t("list.started", { when: format.dateTime(new Date(m.startedAt), { dateStyle: "medium", timeStyle: "short" }) })
      : format.dateTime(new Date(m.scheduledStart), { dateStyle: "medium", timeStyle: "short" });
  const filtered = Boolean(agentId || status || query);

  const toolbar = (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <ViewTabs view={view} onChange={(next) => setQuery({ view: next === "upcoming" ? "" : next, status: "" })} />
        <Button onClick={() => setSending(true)} disabled={agents.length === 0}>
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
            value={search}
            onChange={(e) => setSearch(e.target.value)}
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

  let body;
  if (list.isLoading && !list.pagination) {
    body = <MeetingListSkeleton />;
  } else if (list.error) {
    body = (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{list.error}</p>
        <Button variant="secondary" onClick={() => void list.refresh()}>
          {t("retry")}
        </Button>
      </Card>
    );
  } else if (list.meetings.length === 0) {
    body = filtered ? (
      <Card className="flex flex-col items-start gap-3">
        <p className="text-sm text-[var(--text-muted)]">{t("list.emptyFiltered")}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setSearch("");
            setQuery({ agent_id: "", status: "", q: "" });
          }}
        >
          {t("list.clearFilters")}
        </Button>
      </Card>
    ) : (
      <Card className="flex max-w-xl flex-col items-start gap-3">
        <h2 className="text-lg font-semibold">{t(`list.empty.${view}Title`)}</h2>
        <p className="text-sm text-[var(--text-muted)]">{t(`list.empty.${view}Text`)}</p>
        {view === "past" ? (
          <Button variant="secondary" onClick={() => setQuery({ view: "", status: "" })}>
            {t("list.empty.showUpcoming")}
          </Button>
        ) : !agentsLoading && agents.length === 0 ? (
          <>
            <p className="text-sm">{t("list.needAgent")}</p>
            <Link href="/agents/create" className={primaryLink}>
              {t("list.createAgent")}
            </Link>
          </>
        ) : (
          <Button onClick={() => setSending(true)}>{t("list.send")}</Button>
        )}
      </Card>
    );
  } else {
    body = (
      <>
        {/* Desktop: a table. */}
        <div className="hidden overflow-x-auto rounded-lg border border-[var(--border)] bg-[var(--surface)] md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("list.label")}</caption>
            <thead className="border-b border-[var(--border)] text-xs uppercase tracking-wide text-[var(--text-muted)]">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">{t("list.colMeeting")}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t("list.colAgent")}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t("list.colWhen")}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t("list.colStatus")}</th>
                <th scope="col" className="px-4 py-3 text-right font-medium">{t("list.colCost")}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t("list.colActions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.meetings.map((m) => (
                <tr key={m.id} className="border-b border-[var(--border)] last:border-0 align-top">
                  <td className="px-4 py-3">
                    <Link href={`/meetings/${m.id}/details`} className="font-medium text-primary hover:underline dark:text-[var(--text)]">
                      {title(m)}
                    </Link>
                    <div className="mt-1">
                      <PlatformBadge platform={m.platform} />
                    </div>
                  </td>
                  <td className="px-4 py-3">{m.agentName ?? <span className="text-[var(--text-muted)]">{t("deletedAgent")}</span>}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{when(m)}</td>
                  <td className="px-4 py-3">
                    <StatusChip status={m.status} />
                    {reasonText(m.statusReason) && m.status !== "scheduled" && <p className="mt-1 max-w-xs text-xs text-[var(--text-muted)]">{reasonText(m.statusReason)}</p>}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatUsd(m.costUsd, locale)}</td>
                  <td className="px-4 py-3">
                    <MeetingActions meeting={m} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* Phone: cards. */}
        <ul aria-label={t("list.label")} className="flex flex-col gap-3 md:hidden">
          {list.meetings.map((m) => (
            <li key={m.id}>
              <Card className="flex flex-col gap-2">
                <div className="flex items-start justify-between gap-2">
                  <Link href={`/meetings/${m.id}/details`} className="min-w-0 break-words font-medium text-primary hover:underline dark:text-[var(--text)]">
                    {title(m)}
                  </Link>
                  <StatusChip status={m.status} />
                </div>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-[var(--text-muted)]">
                  <PlatformBadge platform={m.platform} />
                  <span>{m.agentName ?? t("deletedAgent")}</span>
                  <span>{when(m)}</span>
                  {m.costUsd > 0 && <span>{formatUsd(m.costUsd, locale)}</span>}
                </p>
                {reasonText(m.statusReason) && m.status !== "scheduled" && <p className="text-xs text-[var(--text-muted)]">{reasonText(m.statusReason)}</p>}
                <MeetingActions meeting={m} />
              </Card>
            </li>
          ))}
        </ul>
        {list.pagination && list.pagination.totalPages > 1 && (
          <nav aria-label={t("list.page", { page, total: list.pagination.totalPages })} className="flex items-center justify-between gap-2">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setQuery({ page: String(page - 1) })}>
              {t("list.previous")}
            </Button>
            <span className="text-sm text-[var(--text-muted)]">{t("list.page", { page, total: list.pagination.totalPages })}</span>
            <Button variant="secondary" size="sm" disabled={page >= list.pagination.totalPages} onClick={() => setQuery({ page: String(page + 1) })}>
              {t("list.next")}
            </Button>
          </nav>
        )}
        {list.meetings.some((m) => isLiveStatus(m.status)) && <p className="text-xs text-[var(--text-muted)]">{t("list.updating")}</p>}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {toolbar}
      <div role="tabpanel" id="meetings-panel" aria-labelledby={`meetings-tab-${view}`} className="flex flex-col gap-4">
        {body}
      </div>
      {sending && (
        <SendToMeetingDialog
          open
          onOpenChange={(open) => {
            setSending(open);
            // Opened from a link (?send=1): a reload after closing must not open it again.
            if (!open && params.get("send")) setQuery({ send: "", page: params.get("page") ?? "" });
          }}
          defaultAgentId={agentId || undefined}
        />
      )}
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
