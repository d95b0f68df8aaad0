"use client";
import { useLocale, useTranslations } from "next-intl";
import useSWR from "swr";
import { Section } from "@/components/ui/section";
import { formatUsd } from "@/lib/shell/nav";
import { fetchWith } from "./fetch-with";
import { useActionText } from "./use-action-text";

interface Rate {
  id: string;
  action: string;
  unit: string;
  priceUsd: number;
  description: string;
}

/** What each billed unit costs, from the pricing rates. */
export function PricingSection() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const action = useActionText();
  const rates = useSWR<Rate[]>("/api/billing/pricing-rates", fetchWith(t("errors.pricing")));
  // Rates and units the catalogue knows are shown in the user's language; new ones as the server names them.
  const rateText = (r: Rate) => (t.has(`rates.${r.action}`) ? t(`rates.${r.action}` as "rates.agent_minute") : r.description || action(r.action));
  const unitText = (unit: string) => (t.has(`units.${unit}`) ? t(`units.${unit}` as "units.minute") : unit);
  return (
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
  );
}
