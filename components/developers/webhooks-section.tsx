"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Section } from "@/components/ui/section";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { TextField } from "@/components/ui/field";
import { EVENT_TYPES } from "@/lib/events/types";
import { ApiError } from "@/lib/client/api";
import { issuesOf, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useSendTest, useWebhooks, type WebhookEndpoint } from "@/lib/client/use-developers";
import { useSubmit } from "@/lib/client/use-submit";
import { DeliveryLog } from "./delivery-log";
import { LazyShownOnce } from "./lazy-shown-once";

/** Webhook endpoints: add one (its signing secret shown once), turn it off and on, test it, read its log. */
export function WebhooksSection() {
  const t = useTranslations("developers");
  const hooks = useWebhooks();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>(["meeting.status_changed", "meeting.ended"]);
  const form = useSubmit<"url" | "events">();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const problem = form.errors;

  const toggle = (type: string) => setEvents((list) => (list.includes(type) ? list.filter((e) => e !== type) : [...list, type]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // One problem at a time: the address first.
    if (!url.trim()) return void form.check({ url: t("hooks.urlRequired") });
    if (events.length === 0) return void form.check({ events: t("hooks.eventsRequired") });
    void form.run(
      async () => {
        const created = await hooks.create({ url: url.trim(), description: description.trim(), events });
        setUrl("");
        setDescription("");
        setSecret(created.secret);
      },
      { failure: (err) => (err instanceof ApiError && err.status === 400 ? (issuesOf(err)[0]?.path === "events" ? { events: err.message } : { url: err.message }) : messageOf(err)) },
    );
  };

  const remove = (endpoint: WebhookEndpoint) =>
    form.run(async () => {
      await hooks.remove(endpoint.id);
      setDeleting(null);
    });

  return (
    <Section title={t("hooks.title")} loading={hooks.isLoading} error={hooks.error ? (hooks.error as Error).message : null} onRetry={() => void hooks.mutate()}>
      <p className="mb-4 text-sm text-[var(--text-muted)]">{t("hooks.about")}</p>
      <form onSubmit={submit} className="mb-6 flex flex-col gap-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("hooks.url")} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} error={problem.url} placeholder="https://example.com/webhooks/cohost" />
          <TextField label={t("hooks.description")} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
        </div>
        <fieldset aria-describedby={problem.events ? "hook-events-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">{t("hooks.events")}</legend>
          <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} className="h-4 w-4" />
                <span>
                  <code className="text-xs">{type}</code> <span className="text-[var(--text-muted)]">{t(`eventTypes.${type.replaceAll(".", "_")}`)}</span>
                </span>
              </label>
            ))}
          </div>
          {problem.events && (
            <p id="hook-events-error" role="alert" className="mt-1 text-sm text-error-text">
              {problem.events}
            </p>
          )}
        </fieldset>
        <div>
          <Button type="submit" loading={form.busy}>
            {t("hooks.add")}
          </Button>
        </div>
      </form>
      {hooks.data && hooks.data.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("hooks.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("hooks.listLabel")}>
          {(hooks.data ?? []).map((h) => (
            <Endpoint key={h.id} endpoint={h} onToggle={(enabled) => hooks.update(h.id, { enabled })} onDelete={() => setDeleting(h)} />
          ))}
        </ul>
      )}
      <LazyShownOnce title={t("hooks.createdTitle")} label={t("hooks.secret")} note={t("hooks.shownOnce")} value={secret} onClose={() => setSecret(null)} />
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("hooks.deleteTitle")}
        description={t("hooks.deleteText", { url: deleting?.url ?? "" })}
        confirmLabel={t("hooks.delete")}
        cancelLabel={t("cancel")}
        onConfirm={() => deleting && void remove(deleting)}
        busy={form.busy}
      />
    </Section>
  );
}

function Endpoint({ endpoint, onToggle, onDelete }: { endpoint: WebhookEndpoint; onToggle: (enabled: boolean) => Promise<void>; onDelete: () => void }) {
  const t = useTranslations("developers.hooks");
  const [open, setOpen] = useState(false);
  const tLog = useTranslations("developers.log");
  const switching = useSubmit();
  const testing = useSubmit();
  const sendTest = useSendTest(endpoint.id);
  const logId = `log-${endpoint.id}`;
  // Sent from the row; the log opens so the delivery can be watched arriving.
  const test = () =>
    testing.run(async () => {
      await sendTest();
      setOpen(true);
      notifications.add({ type: "success", message: tLog("testQueued") });
    });
  return (
    <li className="rounded-md border border-[var(--border)] p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-[var(--text-muted)]">{endpoint.description}</p>}
          <p className="text-xs text-[var(--text-muted)]">{endpoint.events.join(", ")}</p>
          <p className={endpoint.enabled ? "text-xs text-success-text" : "text-xs text-error-text"} role={endpoint.disabledReason ? "alert" : undefined}>
            {endpoint.enabled ? t("on") : endpoint.disabledReason === "failing" ? t("offFailing") : t("off")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={testing.busy} disabled={!endpoint.enabled} onClick={() => void test()}>
            {tLog("sendTest")}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={logId}>
            {open ? t("hideLog") : t("showLog")}
          </Button>
          <Button size="sm" variant="secondary" loading={switching.busy} onClick={() => switching.run(() => onToggle(!endpoint.enabled))}>
            {endpoint.enabled ? t("turnOff") : t("turnOn")}
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete}>
            {t("delete")}
          </Button>
        </div>
      </div>
      {open && (
        <div id={logId} className="mt-3">
          <DeliveryLog endpoint={endpoint} />
        </div>
      )}
    </li>
  );
}
