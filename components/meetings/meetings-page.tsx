"use client";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAgents } from "@/lib/client/use-agents";
import { useMeetings } from "@/lib/client/use-meetings";
import { MeetingList } from "./meeting-list";
import { MeetingListSkeleton } from "./meeting-skeletons";
import { MeetingsToolbar } from "./meetings-toolbar";
import { useMeetingFilters, type MeetingFilters } from "./use-meeting-filters";

// Loaded when first opened: the dialog (Radix, the link parser) is not needed to read the list.
const SendToMeetingDialog = dynamic(() => import("./send-to-meeting-dialog").then((m) => m.SendToMeetingDialog), { ssr: false });

const primaryLink = "inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark";

/**
 * /meetings: the user's meetings in two tabs, Upcoming (the ones an agent is in on top, then the
 * soonest) and Past (latest first), with search by title and agent and status filters kept in the
 * URL, status chips with their reason, platform colours, the actions each meeting allows, paging, and
 * the "Send agent to a meeting" dialog. A table from the medium breakpoint, cards on phones.
 */
export function MeetingsPage() {
  const t = useTranslations("meetings");
  const filters = useMeetingFilters();
  const { view, agentId, status, query, page, params, setQuery } = filters;
  const { agents, isLoading: agentsLoading } = useAgents();
  const list = useMeetings({ view, agentId, status, q: query, page });
  const [sending, setSending] = useState(params.get("send") === "1");
  const checkingPast = useOpenOnPast(filters, list);

  let body;
  if ((list.isLoading && !list.pagination) || checkingPast) body = <MeetingListSkeleton />;
  else if (list.error) {
    body = (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{list.error}</p>
        <Button variant="secondary" onClick={() => void list.refresh()}>
          {t("retry")}
        </Button>
      </Card>
    );
  } else if (list.meetings.length === 0) body = <NoMeetings filters={filters} needAgent={!agentsLoading && agents.length === 0} onSend={() => setSending(true)} />;
  else body = <MeetingList list={list} page={page} onPage={(next) => setQuery({ page: String(next) })} />;

  return (
    <div className="flex flex-col gap-4">
      <MeetingsToolbar filters={filters} agents={agents} onSend={() => setSending(true)} />
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

/**
 * Opened without a tab (the sidebar's link), with nothing upcoming but meetings in the past: the list
 * opens on Past rather than on an empty Upcoming (issue 31). True while that is being found out.
 */
function useOpenOnPast(filters: MeetingFilters, list: ReturnType<typeof useMeetings>): boolean {
  const { params, view, filtered, setQuery } = filters;
  const upcomingEmpty = !params.has("view") && !filtered && view === "upcoming" && list.pagination !== null && !list.error && list.meetings.length === 0;
  const past = useMeetings(upcomingEmpty ? { view: "past" } : null);
  const openPast = useEffectEvent(() => setQuery({ view: "past" }));
  const hasPast = upcomingEmpty && past.meetings.length > 0;
  useEffect(() => {
    if (hasPast) openPast();
  }, [hasPast]);
  return upcomingEmpty && (past.pagination === null ? !past.error : hasPast);
}

/** No meetings: clear the filters that hid them, or what to do first (show upcoming, create an agent, send one). */
function NoMeetings({ filters, needAgent, onSend }: { filters: MeetingFilters; needAgent: boolean; onSend: () => void }) {
  const t = useTranslations("meetings");
  const { view, setQuery } = filters;
  if (filters.filtered) {
    return (
      <Card className="flex flex-col items-start gap-3">
        <p className="text-sm text-[var(--text-muted)]">{t("list.emptyFiltered")}</p>
        <Button
          variant="secondary"
          onClick={() => {
            filters.setSearch("");
            setQuery({ agent_id: "", status: "", q: "" });
          }}
        >
          {t("list.clearFilters")}
        </Button>
      </Card>
    );
  }
  return (
    <Card className="flex max-w-xl flex-col items-start gap-3">
      <h2 className="text-lg font-semibold">{t(`list.empty.${view}Title`)}</h2>
      <p className="text-sm text-[var(--text-muted)]">{t(`list.empty.${view}Text`)}</p>
      {view === "past" ? (
        <Button variant="secondary" onClick={() => setQuery({ view: "upcoming", status: "" })}>
          {t("list.empty.showUpcoming")}
        </Button>
      ) : needAgent ? (
        <>
          <p className="text-sm">{t("list.needAgent")}</p>
          <Link href="/agents/create" className={primaryLink}>
            {t("list.createAgent")}
          </Link>
        </>
      ) : (
        <Button onClick={onSend}>{t("list.send")}</Button>
      )}
    </Card>
  );
}
