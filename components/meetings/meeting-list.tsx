"use client";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table-head";
import { isLiveStatus, type Meeting, type useMeetings } from "@/lib/client/use-meetings";
import { notHeldYet } from "@/lib/meetings/status";
import { formatUsd } from "@/lib/shell/nav";
import { MeetingActions } from "./meeting-actions";
import { PlatformBadge } from "./platform-badge";
import { StatusChip, useReasonText } from "./status-chip";
import { useMeetingTitle } from "./use-meeting-title";

const TH = "px-4 py-3 font-medium";

/** When a meeting started, or is to start. */
function useWhen() {
  const t = useTranslations("meetings");
  const format = useFormatter();
  return (m: Meeting) =>
    m.startedAt && m.status !== "scheduled"
      ? t("list.started", { when: format.dateTime(new Date(m.startedAt), { dateStyle: "medium", timeStyle: "short" }) })
      : format.dateTime(new Date(m.scheduledStart), { dateStyle: "medium", timeStyle: "short" });
}

/**
 * A page of meetings: a table from the medium breakpoint, cards on phones, each with its status and
 * reason, platform, cost and actions; then the pages, and a note while any is live.
 */
export function MeetingList({ list, page, onPage }: { list: ReturnType<typeof useMeetings>; page: number; onPage: (page: number) => void }) {
  const t = useTranslations("meetings");
  const locale = useLocale();
  const reasonText = useReasonText();
  const title = useMeetingTitle();
  const when = useWhen();
  const reason = (m: Meeting) => (m.status !== "scheduled" ? reasonText(m.statusReason) : null);
  const pages = list.pagination?.totalPages ?? 1;
  return (
    <>
      {/* Desktop: a table. */}
      <div className="hidden overflow-x-auto rounded-lg border border-[var(--border)] bg-[var(--surface)] md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("list.label")}</caption>
          <TableHead
            className="border-b border-[var(--border)] text-xs uppercase tracking-wide text-[var(--text-muted)]"
            columns={[
              [t("list.colMeeting"), TH],
              [t("list.colAgent"), TH],
              [t("list.colWhen"), TH],
              [t("list.colStatus"), TH],
              [t("list.colCost"), "px-4 py-3 text-right font-medium"],
              [t("list.colActions"), TH],
            ]}
          />
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
                  {reason(m) && <p className="mt-1 max-w-xs text-xs text-[var(--text-muted)]">{reason(m)}</p>}
                </td>
                {/* Not held yet: a dash, not "$0.00" (an ended meeting shows what it cost, if nothing). */}
                <td className="px-4 py-3 text-right tabular-nums">{notHeldYet(m) ? <span aria-label={t("list.noCost")}>–</span> : formatUsd(m.costUsd, locale)}</td>
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
              {reason(m) && <p className="text-xs text-[var(--text-muted)]">{reason(m)}</p>}
              <MeetingActions meeting={m} />
            </Card>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label={t("list.page", { page, total: pages })} className="flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t("list.previous")}
          </Button>
          <span className="text-sm text-[var(--text-muted)]">{t("list.page", { page, total: pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t("list.next")}
          </Button>
        </nav>
      )}
      {list.meetings.some((m) => isLiveStatus(m.status)) && <p className="text-xs text-[var(--text-muted)]">{t("list.updating")}</p>}
    </>
  );
}
