"use client";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";
import type { CalendarEvent, useCalendarEvents } from "@/lib/client/use-calendar";
import type { CalendarView } from "./date-range";
import { UndoDelete } from "./undo-delete";
import { panelId, tabId, ViewTabs } from "./view-tabs";
import { ListView } from "./list-view";
import { MonthView } from "./month-view";
import { WeekView } from "./week-view";

type Store = ReturnType<typeof useCalendarEvents>;

// The details dialog (Radix dialog stack and the edit form) is split off the page's first load;
// it is fetched right after the page has rendered, so opening an event does not wait for it.
const loadEventDetails = () => import("./event-details").then((m) => m.EventDetails);
const EventDetails = dynamic(loadEventDetails, { ssr: false });

/**
 * The events of one agent (or all agents): month, week and list views as keyboard-navigable tabs
 * (arrow keys move between them), previous / today / next, the details dialog of an event and the
 * Undo of its deletion.
 */
export function EventsView({
  store,
  view,
  anchor,
  range,
  onView,
  onAnchor,
  onShift,
  showAgent,
}: {
  store: Store;
  view: CalendarView;
  anchor: Date;
  range: { from: Date; to: Date };
  /** Another view, from the days in view (or from `at`: the day a month's "+N more" opens). */
  onView: (view: CalendarView, at?: Date) => void;
  onAnchor: (anchor: Date) => void;
  onShift: (direction: -1 | 1) => void;
  showAgent: boolean;
}) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  // The last deleted event, with Undo, until undone, dismissed or replaced by the next delete.
  const [deleted, setDeleted] = useState<CalendarEvent | null>(null);
  const id = useId();
  useEffect(() => void loadEventDetails(), []);
  // The dialog shows the freshest copy of the event (after a confirm or an edit elsewhere).
  const current = selected && (store.events.find((e) => e.id === selected.id) ?? selected);
  const keep = async (promise: Promise<CalendarEvent>) => {
    const event = await promise;
    setSelected(event);
    return event;
  };

  const heading =
    view === "month"
      ? format.dateTime(anchor, { month: "long", year: "numeric" })
      : format.dateTimeRange(range.from, new Date(range.to.getTime() - 1), { dateStyle: "medium" });

  return (
    <Card className="flex flex-col gap-4 p-3 md:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t("nav.label")} className="flex items-center gap-1">
          <Button size="sm" variant="secondary" onClick={() => onShift(-1)} aria-label={t(`nav.previous.${view}`)}>
            <ChevronLeft size={16} aria-hidden="true" />
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onAnchor(new Date())}>
            {t("nav.today")}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onShift(1)} aria-label={t(`nav.next.${view}`)}>
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </div>
        <h2 aria-live="polite" className="min-w-0 flex-1 text-lg font-semibold capitalize">
          {heading}
        </h2>
        <ViewTabs id={id} value={view} onChange={(v) => onView(v)} label={t("views.label")} names={{ month: t("views.month"), week: t("views.week"), list: t("views.list") }} />
      </div>

      {deleted && <UndoDelete event={deleted} onRestore={() => store.restore(deleted)} onDone={() => setDeleted(null)} />}
      <div
        role="tabpanel"
        id={panelId(id, view)}
        aria-labelledby={tabId(id, view)}
        tabIndex={0}
        className={`focus-visible:outline-2 focus-visible:outline-primary ${view === "month" ? "overflow-x-auto" : ""}`}
      >
        {store.error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
            <span className="flex-1">{store.error}</span>
            <Button size="sm" variant="secondary" onClick={() => void store.refresh()}>
              {t("retry")}
            </Button>
          </div>
        ) : store.loading && store.events.length === 0 ? (
          <LoadingBlock label={t("loading")} />
        ) : view === "month" ? (
          <MonthView anchor={anchor} events={store.events} onOpen={setSelected} showAgent={showAgent} onShowWeek={(day) => onView("week", day)} />
        ) : view === "week" ? (
          <WeekView anchor={anchor} events={store.events} onOpen={setSelected} showAgent={showAgent} />
        ) : (
          <ListView range={range} events={store.events} onOpen={setSelected} showAgent={showAgent} />
        )}
      </div>

      {current && (
        <EventDetails
          event={current}
          onClose={() => setSelected(null)}
          showAgent={showAgent}
          actions={{
            confirm: (e) => keep(store.confirm(e)),
            switchJoin: (e, join) => keep(store.switchJoin(e, join)),
            update: (e, body) => keep(store.update(e, body)),
            remove: async (e) => {
              await store.remove(e);
              setDeleted(e);
            },
          }}
        />
      )}
    </Card>
  );
}
