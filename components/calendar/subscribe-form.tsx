"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import type { useCalendars } from "@/lib/client/use-calendar";

type Store = ReturnType<typeof useCalendars>;

/** Subscribe to a calendar's secret iCal address; the server's problem with the address shows under it. */
export function SubscribeForm({ store, agentId, disabled }: { store: Store; agentId: string | undefined; disabled: boolean }) {
  const t = useTranslations("calendar.sources.subscribe");
  const tSources = useTranslations("calendar.sources");
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ url?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      const calendar = await store.subscribe({ url, name: name.trim() || undefined, agentId });
      if (calendar.error) notifications.add({ type: "warning", message: tSources("refreshFailed", { name: calendar.name, message: calendar.error }) });
      else notifications.add({ type: "success", message: t("done", { name: calendar.name }) });
      setUrl("");
      setName("");
    } catch (err) {
      const issue = err instanceof ApiError ? (err.body as { issues?: { path: string; message: string }[] })?.issues?.[0] : undefined;
      if (issue && (issue.path === "url" || issue.path === "name")) setErrors({ [issue.path]: issue.message });
      else setErrors({ url: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-md border border-[var(--border)] p-3">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      <TextField label={t("url")} type="url" inputMode="url" placeholder="https://…/basic.ics" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} hint={t("urlHint")} required disabled={disabled} />
      <TextField label={t("name")} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} error={errors.name} disabled={disabled} />
      <Button type="submit" className="w-fit" loading={busy} disabled={disabled || !url.trim()}>
        {t("submit")}
      </Button>
    </form>
  );
}
