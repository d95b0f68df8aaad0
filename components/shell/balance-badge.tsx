"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { cn } from "@/components/ui/cn";
import { balanceTone, formatUsd } from "@/lib/shell/nav";
import { useProfile } from "./use-profile";

const TONE = { good: "text-success-text", low: "text-warning-text", critical: "text-error-text" };

/**
 * Header balance (spec §2, §9) with the Top up button; refreshed wherever "/api/me" is mutated and
 * on every page change (meetings spend while you browse). While a refresh is on its way the figure
 * is dimmed and marked busy, so a figure that may be old never looks current.
 */
export function BalanceBadge({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("shell");
  const locale = useLocale();
  const pathname = usePathname();
  const { data, isValidating, mutate } = useProfile();
  useEffect(() => {
    void mutate();
  }, [pathname, mutate]);
  const usd = data?.creditBalanceUsd;
  return (
    <div className="flex items-center gap-3">
      <div className="text-sm" data-testid="balance">
        <span className="text-[var(--text-muted)]">{t("balance")}: </span>
        <span
          aria-busy={isValidating || undefined}
          className={cn("font-semibold tabular-nums transition-opacity", usd === undefined ? "" : TONE[balanceTone(usd)], isValidating && usd !== undefined && "opacity-50")}
        >
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
