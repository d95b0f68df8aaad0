"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { formatUsd } from "@/lib/shell/nav";

const PRESETS = [10, 25, 50, 100];

export function TopUpCard() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const [amount, setAmount] = useState<number>(25);
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const value = custom ? Number(custom) : amount;
  const valid = Number.isInteger(value) && value >= 5 && value <= 1000;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) {
      setError(t("amountInvalid"));
      return;
    }
    setBusy(true);
    try {
      const session = await apiFetch<{ id: string; url: string }>("/api/billing/topup", {
        method: "POST",
        body: JSON.stringify({ amount: value }),
        fallback: t("errors.topup"),
      });
      window.location.assign(session.url);
    } catch (err) {
      setBusy(false);
      notifications.add({ type: "error", message: err instanceof Error ? err.message : t("errors.topup") });
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="sr-only">{t("topUpTitle")}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={!custom && amount === p}
              onClick={() => {
                setAmount(p);
                setCustom("");
                setError(null);
              }}
              className={cn(
                "h-11 rounded-md border text-sm font-semibold transition-colors",
                !custom && amount === p ? "border-primary bg-primary text-white" : "border-[var(--border)] hover:bg-hover-light dark:hover:bg-white/5",
              )}
            >
              {formatUsd(p, locale)}
            </button>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t("custom")}
        inputMode="numeric"
        value={custom}
        hint={t("customHint")}
        error={error}
        onChange={(e) => {
          setCustom(e.target.value.replace(/[^\d]/g, ""));
          setError(null);
        }}
      />
      <Button type="submit" loading={busy} disabled={!valid}>
        {busy ? t("redirecting") : t("pay", { amount: valid ? formatUsd(value, locale) : "" })}
      </Button>
    </form>
  );
}
