"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { balanceTone, formatUsd } from "@/lib/shell/nav";
import { useProfile } from "./use-profile";

const TONE = { good: "text-success-text", low: "text-warning-text", critical: "text-error-text" };

/** Header balance (spec §2, §9) with the Top up button; refreshed wherever "/api/me" is mutated. */
export function BalanceBadge({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("shell");
  const locale = useLocale();
  const { data } = useProfile();
  const usd = data?.creditBalanceUsd;
  return (
    <div className="flex items-center gap-3">
      <div className="text-sm" data-testid="balance">
        <span className="text-[var(--text-muted)]">{t("balance")}: </span>
        <span className={cn("font-semibold tabular-nums", usd === undefined ? "" : TONE[balanceTone(usd)])}>
          {usd === undefined ? "…" : formatUsd(usd, locale)}
        </span>
      </div>
      <Link
        href="/billing"
        onClick={onNavigate}
        className="inline-flex h-8 items-center rounded-md bg-primary px-3 text-sm font-medium text-white hover:bg-primary-dark"
      >
        {t("topUp")}
      </Link>
    </div>
  );
}
