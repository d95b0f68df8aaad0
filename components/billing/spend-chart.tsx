"use client";
import { useLocale, useTranslations } from "next-intl";
import { formatUsd } from "@/lib/shell/nav";

/** Spend per day over the last 30 days as simple bars; the same numbers are listed for screen readers. */
export function SpendChart({ days }: { days: { day: string; costUsd: number }[] }) {
  const t = useTranslations("billing");
  const locale = useLocale();
  if (days.length === 0) return <p className="text-sm text-[var(--text-muted)]">{t("spendEmpty")}</p>;
  const byDay = new Map(days.map((d) => [d.day, d.costUsd]));
  const series = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day: d, costUsd: byDay.get(d) ?? 0 };
  });
  const max = Math.max(...series.map((s) => s.costUsd), 0.01);
  return (
    <figure>
      <svg viewBox="0 0 300 100" className="h-32 w-full" role="img" aria-label={t("spendTitle")}>
        {series.map((s, i) => {
          const h = (s.costUsd / max) * 92;
          return (
            <rect key={s.day} x={i * 10 + 1} y={100 - h} width={8} height={h} rx={1.5} className="fill-primary">
              <title>{t("spendDay", { day: s.day, amount: formatUsd(s.costUsd, locale) })}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <ul>
          {days.map((d) => (
            <li key={d.day}>{t("spendDay", { day: d.day, amount: formatUsd(d.costUsd, locale) })}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
