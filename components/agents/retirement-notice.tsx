"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { Retirement } from "@/lib/providers/catalogue";
import { hasRetired, retiresSoon } from "@/lib/providers/retirements";

/** "claude-sonnet-4-5 retires on 30 Nov 2026. Pick claude-sonnet-4-6 …": nothing unless the model retires within 30 days. */
export function RetirementNotice({ model, retirement }: { model: string; retirement: Retirement | undefined }) {
  const t = useTranslations("agents.retirement");
  const format = useFormatter();
  if (!retirement || !retiresSoon(retirement)) return null;
  const retired = hasRetired(retirement);
  const date = format.dateTime(new Date(`${retirement.retiresOn}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  return (
    <p role={retired ? "alert" : "status"} className={retired ? "rounded-md bg-error/10 px-3 py-2 text-sm text-error-text" : "rounded-md bg-warning-bg px-3 py-2 text-sm text-[#5c4400]"}>
      {t(retired ? "retired" : "retiring", { model, date, replacement: retirement.replacement })}
    </p>
  );
}
