"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { parseUsdInRange, TOPUP_MAX_USD, TOPUP_MIN_USD } from "@/lib/billing/amount";
import { apiFetch } from "@/lib/client/api";
import { useSubmit } from "@/lib/client/use-submit";
import { formatUsd } from "@/lib/shell/nav";
import { useAmountProblem } from "./amount-problem";
import { UsdField } from "./usd-field";

const PRESETS = [10, 25, 50, 100];

export function TopUpCard() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const problemText = useAmountProblem();
  const [preset, setPreset] = useState<number>(25);
  const [custom, setCustom] = useState("");
  const submit = useSubmit();
  const busy = submit.busy;

  // What is typed is kept as typed; it is either read exactly or refused with a reason.
  const parsed = custom.trim() ? parseUsdInRange(custom, locale, TOPUP_MIN_USD, TOPUP_MAX_USD) : { cents: preset * 100 };
  const cents = parsed && "cents" in parsed ? parsed.cents : null;
  const error = parsed && "problem" in parsed ? problemText(parsed.problem, TOPUP_MIN_USD, TOPUP_MAX_USD) : null;

  const pay = (e: FormEvent) => {
    e.preventDefault();
    if (cents === null) return;
    void submit.run(
      async () => {
        const session = await apiFetch<{ id: string; url: string }>("/api/billing/topup", {
          method: "POST",
          body: JSON.stringify({ amount: cents / 100 }),
          fallback: t("errors.topup"),
        });
        window.location.assign(session.url);
      },
      { leaving: true },
    );
  };

  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      <fieldset>
        <legend className="sr-only">{t("topUpTitle")}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={!custom.trim() && preset === p}
              onClick={() => {
                setPreset(p);
                setCustom("");
              }}
              className={cn(
                "h-11 rounded-md border text-sm font-semibold transition-colors",
                !custom.trim() && preset === p ? "border-primary bg-primary text-white" : "border-[var(--border)] hover:bg-hover-light dark:hover:bg-white/5",
              )}
            >
              {formatUsd(p, locale)}
            </button>
          ))}
        </div>
      </fieldset>
      <UsdField label={t("custom")} value={custom} hint={t("customHint", { min: formatUsd(TOPUP_MIN_USD, locale), max: formatUsd(TOPUP_MAX_USD, locale) })} error={error} onChange={setCustom} />
      <Button type="submit" loading={busy} disabled={cents === null}>
        {busy ? t("redirecting") : cents === null ? t("topUpTitle") : t("pay", { amount: formatUsd(cents / 100, locale) })}
      </Button>
    </form>
  );
}
