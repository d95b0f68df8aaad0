"use client";
import { useSearchParams, useRouter } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { balanceTone, formatUsd } from "@/lib/shell/nav";
import { useProfile } from "@/components/shell/use-profile";
import Link from "next/link";
import { AutoRefillCard } from "./auto-refill-card";
import { Section } from "@/components/ui/section";
import { SpendChart } from "./spend-chart";
import { TestModeBadge } from "./test-mode-badge";
import { TopUpCard } from "./top-up-card";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";

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
interface TopUpRow {
  id: string;
  amount: number;
  status: "pending" | "completed" | "failed" | "expired" | "refunded";
  method: "checkout" | "auto_refill" | "test_checkout";
  createdAt: string;
  completedAt: string | null;
}
interface Rate {
  id: string;
  action: string;
  unit: string;
  priceUsd: number;
  description: string;
}

const TONE = { good: "text-success-text", low: "text-warning-text", critical: "text-error-text" };
const th = "py-2 pr-4 text-left font-medium text-[var(--text-muted)]";
const td = "py-2 pr-4";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each SWR call names its own result type
const fetchWith = (fallback: string) => (path: string) => apiFetch<any>(path, { fallback });

export function BillingPage({ testMode }: { testMode: boolean }) {
  const t = useTranslations("billing");
  const locale = useLocale();
  const format = useFormatter();
  const router = useRouter();
  const params = useSearchParams();
  const { mutate } = useSWRConfig();
  const [page, setPage] = useState(1);
  const profile = useProfile();
  const meetingTitle = useMeetingTitle();
  const usage = useSWR<UsagePage>(`/api/billing/usage-history?group=meeting&page=${page}&limit=20`, fetchWith(t("errors.usage")), { keepPreviousData: true });
  const spend = useSWR<{ day: string; costUsd: number }[]>("/api/billing/spend-per-day", fetchWith(t("errors.usage")));
  const topups = useSWR<TopUpRow[]>("/api/billing/topup-history", fetchWith(t("errors.topups")));
  const rates = useSWR<Rate[]>("/api/billing/pricing-rates", fetchWith(t("errors.pricing")));

  // Returning from checkout: one toast, fresh balance everywhere, clean URL.
  const handled = useRef(false);
  useEffect(() => {
    const result = params.get("topup");
    if (!result || handled.current) return;
    handled.current = true;
    if (result === "success") notifications.add({ type: "success", message: t("topupSuccess") });
    if (result === "cancelled") notifications.add({ type: "info", message: t("topupCancelled") });
    void mutate("/api/me");
    void mutate("/api/billing/topup-history");
    void mutate("/api/billing/auto-refill");
    router.replace("/billing");
  }, [params, mutate, router, t]);

  const balance = profile.data?.creditBalanceUsd;
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const action = (a: string) => (a === "agent_minute" || a === "usage" ? t(`actions.${a}`) : a);
  // Rates and units the catalogue knows are shown in the user's language; new ones as the server names them.
  const rateText = (r: Rate) => (t.has(`rates.${r.action}`) ? t(`rates.${r.action}` as "rates.agent_minute") : r.description || action(r.action));
  const unitText = (unit: string) => (t.has(`units.${unit}`) ? t(`units.${unit}` as "units.minute") : unit);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {testMode && (
        <div role="note" className="flex flex-wrap items-center gap-3 rounded-lg border border-warning-bg bg-warning-bg/40 px-4 py-3 text-sm dark:border-warning-text/40 dark:bg-transparent lg:col-span-2">
          <TestModeBadge />
          <span>{t("testModeBanner")}</span>
        </div>
      )}
      <Card>
        <h2 className="text-lg font-semibold">{t("balanceTitle")}</h2>
        <p className={cn("mt-3 text-4xl font-semibold tabular-nums", balance === undefined ? "" : TONE[balanceTone(balance)])} data-testid="billing-balance">
          {balance === undefined ? "…" : formatUsd(balance, locale)}
        </p>
        <p className="mt-2 text-sm text-[var(--text-muted)]">{t("balanceHint")}</p>
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t("topUpTitle")}</h2>
        <TopUpCard />
      </Card>

      <AutoRefillCard />

      <Section title={t("pricingTitle")} loading={rates.isLoading} error={rates.error?.message} onRetry={() => rates.mutate()}>
        {rates.data?.length === 0 ? (
          <p className="text-sm text-[var(--text-muted)]">{t("pricingEmpty")}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {rates.data?.map((r) => (
              <li key={r.id} className="flex justify-between gap-4 border-b border-[var(--border)] pb-2">
                <span>{rateText(r)}</span>
                <span className="shrink-0 font-medium tabular-nums">{t("perUnit", { price: formatUsd(r.priceUsd, locale), unit: unitText(r.unit) })}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t("spendTitle")} loading={spend.isLoading} error={spend.error?.message} onRetry={() => spend.mutate()} className="lg:col-span-2">
        <SpendChart days={spend.data ?? []} />
      </Section>

      <Section title={t("usageTitle")} loading={usage.isLoading} error={usage.error?.message} onRetry={() => usage.mutate()} className="lg:col-span-2">
        {usage.data && usage.data.pagination.total === 0 ? (
          <p className="text-sm text-[var(--text-muted)]">{t("usageEmpty")}</p>
        ) : (
          usage.data && (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-[var(--border)]">
                      <th scope="col" className={th}>{t("colDate")}</th>
                      <th scope="col" className={th}>{t("colMeeting")}</th>
                      {/* Phones leave the agent out (it is on the meeting's page) so the cost fits without scrolling. */}
                      <th scope="col" className={cn(th, "hidden sm:table-cell")}>{t("colAgent")}</th>
                      <th scope="col" className={cn(th, "text-right")}>{t("colTime")}</th>
                      <th scope="col" className={cn(th, "text-right")}>{t("colCost")}</th>
                    </tr>
                  </thead>
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

      <Section title={t("topupsTitle")} loading={topups.isLoading} error={topups.error?.message} onRetry={() => topups.mutate()} className="lg:col-span-2">
        {topups.data?.length === 0 ? (
          <p className="text-sm text-[var(--text-muted)]">{t("topupsEmpty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-[var(--border)]">
                  <th scope="col" className={th}>{t("colDate")}</th>
                  <th scope="col" className={th}>{t("colMethod")}</th>
                  <th scope="col" className={th}>{t("colStatus")}</th>
                  <th scope="col" className={cn(th, "text-right")}>{t("colAmount")}</th>
                </tr>
              </thead>
              <tbody>
                {topups.data?.map((row) => (
                  <tr key={row.id} className={cn("border-b border-[var(--border)]", row.status === "expired" && "text-[var(--text-muted)]")}>
                    <td className={td}>{dateTime(row.createdAt)}</td>
                    <td className={td}>{t(`method.${row.method}`)}</td>
                    <td className={td}>{t(`status.${row.status}`)}</td>
                    <td className={cn(td, "text-right tabular-nums")}>{formatUsd(row.amount, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </div>
  );
}
