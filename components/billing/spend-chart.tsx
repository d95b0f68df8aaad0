"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { useNow } from "@/lib/client/use-now";
import { formatUsd } from "@/lib/shell/nav";
import { labelledDays, niceCeiling } from "./chart-scale";

const DAYS = 30;

/**
 * Spend per day over the last 30 days (UTC days, as the server counts them): bars on a money axis
 * with round grid lines, dates below, the period's total above, the biggest day labelled, every
 * bar's amount on hover. Screen readers get the same figures as a table. Plain HTML and CSS: text
 * stays crisp at any width, and no chart library is shipped for one chart.
 */
export function SpendChart({ days }: { days: { day: string; costUsd: number }[] }) {
  const t = useTranslations("billing");
  const locale = useLocale();
  const format = useFormatter();
  const now = useNow();
  if (days.length === 0) return <p className="text-sm text-[var(--text-muted)]">{t("spendEmpty")}</p>;
  const byDay = new Map(days.map((d) => [d.day, d.costUsd]));
  const series = Array.from({ length: DAYS }, (_, i) => {
    const day = new Date(now - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, costUsd: byDay.get(day) ?? 0 };
  });
  const total = series.reduce((sum, s) => sum + s.costUsd, 0);
  const peak = series.reduce((best, s) => (s.costUsd > best.costUsd ? s : best), series[0]);
  const top = niceCeiling(peak.costUsd);
  const ticks = [top, top / 2, 0];
  const date = (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { month: "short", day: "numeric", timeZone: "UTC" });
  const money = (usd: number) => formatUsd(usd, locale);

  return (
    <figure>
      <figcaption className="mb-4 text-sm">
        {t.rich("spendTotal", { amount: money(total), strong: (chunks) => <strong className="font-semibold tabular-nums">{chunks}</strong> })}
      </figcaption>
      <div aria-hidden="true" data-testid="spend-chart">
        <div className="flex gap-2">
          <div className="relative h-44 w-14 shrink-0 text-right text-xs tabular-nums text-[var(--text-muted)]">
            {ticks.map((v, i) => (
              <span key={i} className="absolute right-0 -translate-y-1/2" style={{ top: `${i * 50}%` }}>
                {money(v)}
              </span>
            ))}
          </div>
          <div className="relative h-44 flex-1">
            {ticks.map((_, i) => (
              <div key={i} className={cn("absolute inset-x-0 border-t border-[var(--border)]", i < 2 && "border-dashed")} style={{ top: `${i * 50}%` }} />
            ))}
            <div className="absolute inset-0 flex items-end gap-px sm:gap-0.5">
              {series.map((s) => (
                <div key={s.day} className="relative flex h-full flex-1 items-end" title={t("spendDay", { day: date(s.day), amount: money(s.costUsd) })}>
                  {s.costUsd > 0 && (
                    <div className="w-full rounded-t-sm bg-primary dark:bg-primary-light" style={{ height: `max(2px, ${(s.costUsd / top) * 100}%)` }} />
                  )}
                  {s === peak && s.costUsd > 0 && (
                    <span
                      className="absolute left-1/2 -translate-x-1/2 -translate-y-full whitespace-nowrap pb-1 text-xs font-medium tabular-nums"
                      style={{ bottom: `${(s.costUsd / top) * 100}%` }}
                    >
                      {money(s.costUsd)}
                    </span>
                  )}
                </div>
              ))}
            </div>
          </div>
        </div>
        <div className="relative ml-16 mt-1 h-5 text-xs text-[var(--text-muted)]">
          {labelledDays(DAYS, 7).map((i) => (
            <span
              key={i}
              className={cn("absolute whitespace-nowrap", i === 0 ? "left-0" : i === DAYS - 1 ? "right-0" : "-translate-x-1/2")}
              style={i === 0 || i === DAYS - 1 ? undefined : { left: `${((i + 0.5) / DAYS) * 100}%` }}
            >
              {date(series[i].day)}
            </span>
          ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>{t("spendTitle")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("colDate")}</th>
            <th scope="col">{t("colCost")}</th>
          </tr>
        </thead>
        <tbody>
          {series
            .filter((s) => s.costUsd > 0)
            .map((s) => (
              <tr key={s.day}>
                <td>{date(s.day)}</td>
                <td>{money(s.costUsd)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
