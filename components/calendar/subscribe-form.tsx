"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { issuesOf, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import type { useCalendars } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";

type Store = ReturnType<typeof useCalendars>;

/** Subscribe to a calendar's secret iCal address; the server's problem with the address shows under it. */
export function SubscribeForm({ store, agentId, disabled }: { store: Store; agentId: string | undefined; disabled: boolean }) {
  const t = useTranslations("calendar.sources.subscribe");
  const tSources = useTranslations("calendar.sources");
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const form = useSubmit<"url" | "name">();
  const { errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(
      async () => {
        const calendar = await store.subscribe({ url, name: name.trim() || undefined, agentId });
        if (calendar.error) notifications.add({ type: "warning", message: tSources("refreshFailed", { name: calendar.name, message: calendar.error }) });
        else notifications.add({ type: "success", message: t("done", { name: calendar.name }) });
        setUrl("");
        setName("");
      },
      // The server's first problem goes under its field; any other failure is about the address.
      {
        failure: (err) => {
          const issue = issuesOf(err)[0];
          return issue?.path === "url" || issue?.path === "name" ? { [issue.path]: issue.message } : { url: messageOf(err) };
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-md border border-[var(--border)] p-3">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      <TextField label={t("url")} type="url" inputMode="url" placeholder="https://…/basic.ics" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} hint={t("urlHint")} required disabled={disabled} />
      <TextField label={t("name")} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} error={errors.name} disabled={disabled} />
      <Button type="submit" className="w-fit" loading={form.busy} disabled={disabled || !url.trim()}>
        {t("submit")}
      </Button>
    </form>
  );
}
