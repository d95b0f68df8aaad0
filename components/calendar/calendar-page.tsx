"use client";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { BrowserTimeZone } from "@/components/providers/browser-time-zone";
import { Card } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";
import { useAgent, useAgents, type Agent } from "@/lib/client/use-agents";
import { useCalendarEvents, useCalendars, useFeedToken } from "@/lib/client/use-calendar";
import { shiftAnchor, switchAnchor, visibleRange, type CalendarView } from "./date-range";
import { EventsView } from "./events-view";

// The cards below the events (calendars with upload and subscribe, the feed address) load right
// after the page: they keep both calendar pages under the first-load budget (docs/ui.md).
const CalendarSources = dynamic(() => import("./calendar-sources").then((m) => m.CalendarSources), { ssr: false, loading: () => <LoadingBlock /> });
const FeedCard = dynamic(() => import("./feed-card").then((m) => m.FeedCard), { ssr: false, loading: () => <LoadingBlock /> });

/** The calendar of one agent (agentId) or of all the user's agents: events, calendars, feed. */
function CalendarScreen({ agent, agents }: { agent?: Agent; agents: Agent[] }) {
  const t = useTranslations("calendar");
  const [view, setView] = useState<CalendarView>("month");
  const [anchor, setAnchor] = useState(() => new Date());
  const range = useMemo(() => visibleRange(view, anchor), [view, anchor]);
  const events = useCalendarEvents(agent?.id, range);
  const calendars = useCalendars();
  const feed = useFeedToken(agent?.id);
  const mine = agent ? calendars.userCalendars.filter((c) => c.agentId === agent.id) : calendars.userCalendars;
  const nothingYet = !calendars.loading && !calendars.error && mine.length === 0 && events.events.length === 0 && !events.loading;

  return (
    <div className="flex flex-col gap-6">
      {agent && (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t("agentHeading", { name: agent.name })}</h2>
          <Link href="/calendar" className="text-sm text-primary underline dark:text-primary-light">
            {t("allCalendars")}
          </Link>
        </div>
      )}
      {nothingYet && (
        <Card className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
          <p className="text-sm text-[var(--text-muted)]">{t("empty.text")}</p>
        </Card>
      )}
      <EventsView
        store={events}
        view={view}
        anchor={anchor}
        range={range}
        onView={(next, at) => {
          setAnchor(at ?? switchAnchor(view, anchor));
          setView(next);
        }}
        onAnchor={setAnchor}
        onShift={(direction) => setAnchor((a) => shiftAnchor(view, a, direction))}
        showAgent={!agent}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CalendarSources store={calendars} agentId={agent?.id} agents={agents} />
        <FeedCard feed={feed} hasToken={events.hasToken} agentName={agent?.name} />
      </div>
    </div>
  );
}

/** /calendar: every agent's events (spec §2 overall calendar). */
export function UserCalendarPage() {
  const { agents, isLoading } = useAgents();
  if (isLoading) return <LoadingBlock />;
  return (
    <BrowserTimeZone>
      <CalendarScreen agents={agents} />
    </BrowserTimeZone>
  );
}

/** /agents/:agentId/calendar. */
export function AgentCalendarPage({ agentId }: { agentId: string }) {
  const t = useTranslations("calendar");
  const { data, error, isLoading } = useAgent(agentId);
  if (isLoading) return <LoadingBlock />;
  if (error || !data) {
    return (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{(error as Error | undefined)?.message ?? t("agentNotFound")}</p>
        <Link href="/agents" className="text-sm underline">
          {t("backToAgents")}
        </Link>
      </Card>
    );
  }
  return (
    <BrowserTimeZone>
      <CalendarScreen agent={data} agents={[data]} />
    </BrowserTimeZone>
  );
}
