"use client";
import Link from "next/link";
import { CalendarCheck, FileText, RefreshCw, Rss, Trash2 } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "@/components/agents/select-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifications } from "@/lib/client/notifications";
import type { Agent } from "@/lib/client/use-agents";
import type { UserCalendar, useCalendars } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";
import { ConnectAccounts, connectHref } from "./connect-accounts";
import { JoinRuleForm } from "./join-rule-form";
import { SubscribeForm } from "./subscribe-form";
import { UploadCalendars } from "./upload-calendars";

type Store = ReturnType<typeof useCalendars>;

/** What the last import left out and why: events without a meeting link, all-day events (issue 31). */
function Skipped({ calendar }: { calendar: UserCalendar }) {
  const t = useTranslations("calendar.sources.skipped");
  const format = useFormatter();
  const { noLink, allDay } = calendar.skipped;
  if (calendar.importing || noLink + allDay === 0) return null;
  const why = [noLink > 0 && t("noLink", { count: noLink }), allDay > 0 && t("allDay", { count: allDay })].filter((x): x is string => Boolean(x));
  return <p className="text-xs text-[var(--text-muted)]">{t("summary", { count: noLink + allDay, why: format.list(why, { type: "conjunction" }) })}</p>;
}

function CalendarRow({ store, calendar, showAgent, busy, onSync, onRemove }: { store: Store; calendar: UserCalendar; showAgent: boolean; busy: boolean; onSync: () => void; onRemove: () => void }) {
  const t = useTranslations("calendar.sources");
  const format = useFormatter();
  const Icon = calendar.source === "subscription" ? Rss : calendar.connection ? CalendarCheck : FileText;
  const reconnect = calendar.connection?.reconnectReason != null;
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start gap-2">
        <Icon size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-[var(--text-muted)]" />
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium">{calendar.name}</p>
          <p className="text-xs text-[var(--text-muted)]">
            {t(`source.${calendar.source}`)}
            {calendar.urlHint && ` · ${calendar.urlHint}`}
            {calendar.connection && ` · ${calendar.connection.push ? t("pushed") : t("polled")}`}
            {showAgent && ` · ${calendar.agentName}`}
            {" · "}
            {t("events", { count: calendar.eventCount })}
            {" · "}
            {calendar.importing ? t("importing") : calendar.lastSyncedAt ? t("synced", { when: format.relativeTime(new Date(calendar.lastSyncedAt), new Date()) }) : t("notSynced")}
          </p>
          <Skipped calendar={calendar} />
        </div>
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" loading={busy || calendar.importing} onClick={onSync} aria-label={t("refreshLabel", { name: calendar.name })} title={t("refresh")}>
            {!busy && !calendar.importing && <RefreshCw size={16} aria-hidden="true" />}
          </Button>
          <Button size="sm" variant="ghost" className="text-error-text" onClick={onRemove} aria-label={t("removeLabel", { name: calendar.name })} title={t("remove")}>
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        </div>
      </div>
      {calendar.error && (
        <p role="status" className="rounded bg-error/10 px-2 py-1 text-xs text-error-text">
          {t("failed", { message: calendar.error })}
        </p>
      )}
      {reconnect && (
        <a
          href={connectHref(calendar.source, calendar.agentId, typeof window === "undefined" ? "/calendar" : window.location.pathname)}
          className="self-start rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-dark"
          aria-label={t("reconnectLabel", { name: calendar.name })}
        >
          {t("reconnect")}
        </a>
      )}
      {calendar.connection && <JoinRuleForm store={store} calendar={calendar} />}
    </li>
  );
}

/**
 * The calendars events come from (spec §3 userCalendars): each with its source, agent, event count,
 * last update or error, refresh and remove; then upload and subscribe for the agent (chosen here on
 * the overall calendar when there are several).
 */
export function CalendarSources({ store, agentId, agents }: { store: Store; agentId?: string; agents: Agent[] }) {
  const t = useTranslations("calendar.sources");
  const tEvent = useTranslations("calendar.event");
  const [chosen, setChosen] = useState<string>("");
  const submit = useSubmit();
  const [toRemove, setToRemove] = useState<UserCalendar | null>(null);
  const calendars = agentId ? store.userCalendars.filter((c) => c.agentId === agentId) : store.userCalendars;
  const target = agentId ?? (chosen || agents[0]?.id);
  const noAgent = !agentId && agents.length === 0;

  const sync = (calendar: UserCalendar) =>
    submit.run(
      async () => {
        const fresh = await store.sync(calendar.id);
        if (fresh.error) notifications.add({ type: "warning", message: t("refreshFailed", { name: fresh.name, message: fresh.error }) });
        else notifications.add({ type: "success", message: t("refreshed", { name: fresh.name }) });
      },
      { key: calendar.id },
    );
  const remove = (calendar: UserCalendar) =>
    submit.run(
      async () => {
        const { cancelledMeetings } = await store.remove(calendar.id);
        notifications.add({ type: "success", message: cancelledMeetings > 0 ? t("removedMeetings", { name: calendar.name, count: cancelledMeetings }) : t("removed", { name: calendar.name }) });
        setToRemove(null);
      },
      { key: calendar.id },
    );

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{agentId ? t("titleAgent") : t("title")}</h2>
      {store.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
          <span className="flex-1">{store.error}</span>
          <Button size="sm" variant="secondary" onClick={() => void store.refresh()}>
            {t("refresh")}
          </Button>
        </div>
      ) : store.loading ? (
        <LoadingBlock />
      ) : calendars.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("empty")}</p>
      ) : (
        <ul aria-label={t("listLabel")} className="divide-y divide-[var(--border)]">
          {calendars.map((c) => (
            <CalendarRow key={c.id} store={store} calendar={c} showAgent={!agentId} busy={submit.running(c.id)} onSync={() => void sync(c)} onRemove={() => setToRemove(c)} />
          ))}
        </ul>
      )}

      {noAgent ? (
        <div className="flex flex-col items-start gap-2 rounded-md bg-[var(--surface-muted)] p-3 text-sm">
          <p>{t("needAgent")}</p>
          <Link href="/agents/create" className="inline-flex h-8 items-center rounded-md bg-primary px-3 text-sm font-medium text-white hover:bg-primary-dark">
            {t("createAgent")}
          </Link>
        </div>
      ) : (
        <>
          {!agentId && agents.length > 1 && (
            <SelectField label={t("agent")} value={target} onChange={(e) => setChosen(e.target.value)}>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </SelectField>
          )}
          <ConnectAccounts agentId={target} disabled={!target} />
          <UploadCalendars store={store} agentId={target} disabled={!target} />
          <SubscribeForm store={store} agentId={target} disabled={!target} />
        </>
      )}

      <LazyConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={toRemove ? t("removeTitle", { name: toRemove.name }) : ""}
        description={t("removeText")}
        confirmLabel={t("remove")}
        cancelLabel={tEvent("cancel")}
        busy={toRemove !== null && submit.running(toRemove.id)}
        onConfirm={() => toRemove && void remove(toRemove)}
      />
    </Card>
  );
}
