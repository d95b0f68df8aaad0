"use client";
import { useLocale, useTranslations } from "next-intl";
import type { AmountProblem } from "@/lib/billing/amount";
import { formatUsd } from "@/lib/shell/nav";

/** The form's sentence for a refused amount, in the user's language and number format. */
export function useAmountProblem() {
  const t = useTranslations("billing.amount");
  const locale = useLocale();
  return (problem: AmountProblem, minUsd: number, maxUsd: number): string =>
    problem === "range"
      ? t("range", { min: formatUsd(minUsd, locale), max: formatUsd(maxUsd, locale) })
      : problem === "decimals"
        ? t("decimals")
        : t("format", { example: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(12.5) });
}
