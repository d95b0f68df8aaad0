"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { formatUsd } from "@/lib/shell/nav";
import { Section } from "./section";

interface Settings {
  enabled: boolean;
  amount: number;
  threshold: number;
  hasCard: boolean;
  failures: number;
  lastError: string | null;
}

export function AutoRefillCard() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const { mutate } = useSWRConfig();
  const settings = useSWR<Settings>("/api/billing/auto-refill");
  const [amount, setAmount] = useState("25");
  const [threshold, setThreshold] = useState("5");
  const [busy, setBusy] = useState<"enable" | "disable" | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data?.enabled) {
      setAmount(String(settings.data.amount));
      setThreshold(String(settings.data.threshold));
    }
  }, [settings.data]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy("enable");
    setError(null);
    try {
      const next = await apiFetch<Settings>("/api/billing/auto-refill", {
        method: "POST",
        body: JSON.stringify({ amount: Number(amount), threshold: Number(threshold) }),
        fallback: t("errors.enable"),
      });
      await settings.mutate(next, { revalidate: false });
      await mutate("/api/me");
      notifications.add({ type: "success", message: t("autoRefillSaved") });
    } catch (err) {
      setError(err instanceof Error ? err.message : t("errors.enable"));
    } finally {
      setBusy(null);
    }
  };

  const disable = async () => {
    setBusy("disable");
    setError(null);
    try {
      const next = await apiFetch<Settings>("/api/billing/auto-refill/disable", { method: "POST", fallback: t("errors.disable") });
      await settings.mutate(next, { revalidate: false });
      await mutate("/api/me");
      notifications.add({ type: "info", message: t("autoRefillDisabled") });
    } catch (err) {
      setError(err instanceof Error ? err.message : t("errors.disable"));
    } finally {
      setBusy(null);
    }
  };

  const s = settings.data;
  return (
    <Section title={t("autoRefillTitle")} loading={settings.isLoading} error={settings.error?.message} onRetry={() => settings.mutate()}>
      <p className="mb-3 text-sm text-[var(--text-muted)]">{t("autoRefillHint")}</p>
      {s?.lastError && (
        <p role="alert" className="mb-3 rounded-md bg-warning-bg px-3 py-2 text-sm text-[#5c4400]">
          {s.lastError}
        </p>
      )}
      <p role="status" className="mb-4 text-sm font-medium" data-testid="auto-refill-status">
        {s?.enabled ? t("autoRefillOn", { amount: formatUsd(s.amount, locale), threshold: formatUsd(s.threshold, locale) }) : t("autoRefillOff")}
      </p>
      {!s?.hasCard ? (
        <p className="text-sm">{t("noCard")}</p>
      ) : (
        <form onSubmit={save} className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t("autoRefillAmount")} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ""))} />
            <TextField label={t("autoRefillThreshold")} inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value.replace(/[^\d.]/g, ""))} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-error-text">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {s.enabled && (
              <Button variant="secondary" loading={busy === "disable"} disabled={busy !== null} onClick={disable}>
                {t("disable")}
              </Button>
            )}
            <Button type="submit" loading={busy === "enable"} disabled={busy !== null}>
              {s.enabled ? t("update") : t("enable")}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
