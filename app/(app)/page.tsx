import Link from "next/link";
import { redirect } from "next/navigation";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { PLATFORM_CHIP } from "@/components/agents/platform";
import { StatusChip } from "@/components/meetings/status-chip";
import { FirstRunChecklist } from "@/components/dashboard/first-run-checklist";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { serverUserId } from "@/lib/auth/server-user";
import { dashboardSummary } from "@/lib/dashboard/summary";
import { meetingTitle } from "@/lib/meetings/meeting-title";
import { getChecklist } from "@/lib/onboarding/checklist";
import { balanceTone, formatUsd } from "@/lib/shell/nav";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("dashboard");

export const dynamic = "force-dynamic";

const TONE = { good: "text-success-text", low: "text-warning-text", critical: "text-error-text" };
const button = "inline-flex h-9 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark";

export default async function DashboardPage() {
  const userId = await serverUserId();
  if (!userId) redirect("/signin");
  const [t, tMeetings, format, locale, summary, checklist] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("meetings"),
    getFormatter(),
    getLocale(),
    dashboardSummary(userId),
    getChecklist(userId),
  ]);
  const balance = summary.credit.creditBalanceUsd;
  const totalAgents = summary.agents.active + summary.agents.paused;

  const meetingList = (items: typeof summary.nextMeetings, empty: string) =>
    items.length === 0 ? (
      <p className="text-sm text-[var(--text-muted)]">{empty}</p>
    ) : (
      <ul className="flex flex-col gap-2">
        {items.map((m) => (
          <li key={m.id}>
            <Link href={`/meetings/${m.id}/details`} className="flex items-center gap-3 rounded-md p-2 hover:bg-hover-light dark:hover:bg-white/5">
              <span aria-hidden="true" className={cn("h-2.5 w-2.5 shrink-0 rounded-full", PLATFORM_CHIP[m.platform])} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{meetingTitle(tMeetings, { ...m, agentName: m.agent?.name })}</span>
                <span className="block text-xs text-[var(--text-muted)]">
                  {m.agent?.name ?? tMeetings("deletedAgent")} · {format.dateTime(m.endedAt ?? m.scheduledStart, { dateStyle: "medium", timeStyle: "short" })}
                </span>
              </span>
              <StatusChip status={m.status} />
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      {checklist.visible && <FirstRunChecklist checklist={checklist} hasAgents={totalAgents > 0} className="lg:col-span-3" />}
      <Card>
        <h2 className="text-sm font-medium text-[var(--text-muted)]">{t("balance")}</h2>
        <p className={cn("mt-2 text-3xl font-semibold tabular-nums", TONE[balanceTone(balance)])}>{formatUsd(balance, locale)}</p>
        {balance <= 0 && <p className="mt-2 text-sm text-[var(--text-muted)]">{t("lowBalance")}</p>}
        <Link href="/billing" className={cn(button, "mt-4")}>
          {t("topUp")}
        </Link>
      </Card>
      <Card>
        <h2 className="text-sm font-medium text-[var(--text-muted)]">{t("agents")}</h2>
        {totalAgents === 0 ? (
          <>
            <p className="mt-2 text-sm">{t("noAgents")}</p>
            <Link href="/agents/create" className={cn(button, "mt-4")}>
              {t("createAgent")}
            </Link>
          </>
        ) : (
          <>
            <p className="mt-2 text-3xl font-semibold">{totalAgents}</p>
            <p className="text-sm text-[var(--text-muted)]">{t("agentCounts", summary.agents)}</p>
            <Link href="/agents" className="mt-4 inline-block text-sm font-medium text-primary hover:underline dark:text-primary-light">
              {t("manageAgents")}
            </Link>
          </>
        )}
      </Card>
      <Card>
        <h2 className="mb-3 text-sm font-medium text-[var(--text-muted)]">{t("nextMeetings")}</h2>
        {meetingList(summary.nextMeetings, t("noNextMeetings"))}
        {totalAgents > 0 && (
          <Link href="/meetings?send=1" className={cn(button, "mt-4")}>
            {t("sendAgent")}
          </Link>
        )}
      </Card>
      <Card className="lg:col-span-3">
        <h2 className="mb-3 text-sm font-medium text-[var(--text-muted)]">{t("recentMeetings")}</h2>
        {meetingList(summary.recentMeetings, t("noRecentMeetings"))}
      </Card>
    </div>
  );
}
