"use client";
import { useSearchParams, useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { notifications } from "@/lib/client/notifications";
import { balanceTone, formatUsd } from "@/lib/shell/nav";
import { useProfile } from "@/components/shell/use-profile";
import { Section } from "@/components/ui/section";
import { AutoRefillCard } from "./auto-refill-card";
import { fetchWith } from "./fetch-with";
import { PricingSection } from "./pricing-section";
import { SpendChart } from "./spend-chart";
import { TestModeBadge } from "./test-mode-badge";
import { TopUpCard } from "./top-up-card";
import { TopUpHistory } from "./top-up-history";
import { UsageHistory } from "./usage-history";

const TONE = { good: "text-success-text", low: "text-warning-text", critical: "text-error-text" };

export function BillingPage({ testMode }: { testMode: boolean }) {
  const t = useTranslations("billing");
  const spend = useSWR<{ day: string; costUsd: number }[]>("/api/billing/spend-per-day", fetchWith(t("errors.usage")));
  useCheckoutReturn();

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {testMode && (
        <div role="note" className="flex flex-wrap items-center gap-3 rounded-lg border border-warning-bg bg-warning-bg/40 px-4 py-3 text-sm dark:border-warning-text/40 dark:bg-transparent lg:col-span-2">
          <TestModeBadge />
          <span>{t("testModeBanner")}</span>
        </div>
      )}
      <BalanceCard />
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t("topUpTitle")}</h2>
        <TopUpCard />
      </Card>
      <AutoRefillCard />
      <PricingSection />
      <Section title={t("spendTitle")} loading={spend.isLoading} error={spend.error?.message} onRetry={() => spend.mutate()} className="lg:col-span-2">
        <SpendChart days={spend.data ?? []} />
      </Section>
      <UsageHistory />
      <TopUpHistory />
    </div>
  );
}

/** Returning from checkout (`?topup=`): one toast, fresh balance everywhere, clean URL. */
function useCheckoutReturn() {
  const t = useTranslations("billing");
  const router = useRouter();
  const params = useSearchParams();
  const { mutate } = useSWRConfig();
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
}

function BalanceCard() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const balance = useProfile().data?.creditBalanceUsd;
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("balanceTitle")}</h2>
      <p className={cn("mt-3 text-4xl font-semibold tabular-nums", balance === undefined ? "" : TONE[balanceTone(balance)])} data-testid="billing-balance">
        {balance === undefined ? "…" : formatUsd(balance, locale)}
      </p>
      <p className="mt-2 text-sm text-[var(--text-muted)]">{t("balanceHint")}</p>
    </Card>
  );
}
