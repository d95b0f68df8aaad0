"use client";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Section } from "@/components/ui/section";
import { TableHead } from "@/components/ui/table-head";
import { formatUsd } from "@/lib/shell/nav";
import { fetchWith } from "./fetch-with";
import { td, th } from "./table-cells";
import { useActionText } from "./use-action-text";

/** Usage one row per meeting (`?group=meeting`). */
interface UsagePage {
  data: {
    id: string;
    meetingId: string | null;
    action: string;
    quantity: number;
    cost: number;
    timestamp: string;
    agentName: string | null;
    meetingTitle: string | null;
    platform: string | null;
    meetingUrl: string | null;
  }[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** What was billed, one row per meeting, 20 to a page. */
export function UsageHistory() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const format = useFormatter();
  const action = useActionText();
  const meetingTitle = useMeetingTitle();
  const [page, setPage] = useState(1);
  const usage = useSWR<UsagePage>(`/api/billing/usage-history?group=meeting&page=${page}&limit=20`, fetchWith(t("errors.usage")), { keepPreviousData: true });
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <Section title={t("usageTitle")} loading={usage.isLoading} error={usage.error?.message} onRetry={() => usage.mutate()} className="lg:col-span-2">
      {usage.data && usage.data.pagination.total === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("usageEmpty")}</p>
      ) : (
        usage.data && (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                {/* Phones leave the agent out (it is on the meeting's page) so the cost fits without scrolling. */}
                <TableHead
                  rowClassName="border-b border-[var(--border)]"
                  columns={[
                    [t("colDate"), th],
                    [t("colMeeting"), th],
                    [t("colAgent"), cn(th, "hidden sm:table-cell")],
                    [t("colTime"), cn(th, "text-right")],
                    [t("colCost"), cn(th, "text-right")],
                  ]}
                />
                <tbody>
                  {usage.data.data.map((u) => (
                    <tr key={u.id} className="border-b border-[var(--border)]">
                      <td className={td}>{dateTime(u.timestamp)}</td>
                      <td className={td}>
                        {u.meetingId ? (
                          <Link href={`/meetings/${u.meetingId}/details`} className="font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light">
                            {meetingTitle({ title: u.meetingTitle ?? "", platform: u.platform ?? "", meetingUrl: u.meetingUrl ?? "", agentName: u.agentName })}
                          </Link>
                        ) : (
                          action(u.action)
                        )}
                      </td>
                      <td className={cn(td, "hidden sm:table-cell")}>{u.agentName ?? "—"}</td>
                      <td className={cn(td, "whitespace-nowrap text-right tabular-nums")}>{u.action === "agent_minute" ? t("minutes", { count: u.quantity }) : u.quantity}</td>
                      <td className={cn(td, "text-right tabular-nums")}>{formatUsd(u.cost, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t("usageTitle")}>
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("previous")}
              </Button>
              <span>{t("pageOf", { page: usage.data.pagination.page, pages: Math.max(1, usage.data.pagination.totalPages) })}</span>
              <Button size="sm" variant="secondary" disabled={page >= usage.data.pagination.totalPages} onClick={() => setPage((p) => p + 1)}>
                {t("next")}
              </Button>
            </nav>
          </>
        )
      )}
    </Section>
  );
}
