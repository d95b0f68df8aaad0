"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import useSWR from "swr";
import { cn } from "@/components/ui/cn";
import { Section } from "@/components/ui/section";
import { TableHead } from "@/components/ui/table-head";
import { formatUsd } from "@/lib/shell/nav";
import { fetchWith } from "./fetch-with";
import { td, th } from "./table-cells";

interface TopUpRow {
  id: string;
  amount: number;
  status: "pending" | "completed" | "failed" | "expired" | "refunded";
  method: "checkout" | "auto_refill" | "test_checkout";
  createdAt: string;
  completedAt: string | null;
}

/** Every top-up: when, how (checkout, auto-refill), its state and amount. */
export function TopUpHistory() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const format = useFormatter();
  const topups = useSWR<TopUpRow[]>("/api/billing/topup-history", fetchWith(t("errors.topups")));
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <Section title={t("topupsTitle")} loading={topups.isLoading} error={topups.error?.message} onRetry={() => topups.mutate()} className="lg:col-span-2">
      {topups.data?.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("topupsEmpty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <TableHead
              rowClassName="border-b border-[var(--border)]"
              columns={[
                [t("colDate"), th],
                [t("colMethod"), th],
                [t("colStatus"), th],
                [t("colAmount"), cn(th, "text-right")],
              ]}
            />
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
  );
}
