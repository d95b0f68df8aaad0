"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import { Button } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
import { useDeliveries, type WebhookDelivery, type WebhookEndpoint } from "@/lib/client/use-developers";

/**
 * An endpoint's delivery log: each event with its meeting, its payload (folded, formatted JSON) and its
 * attempts (status code, latency, answer), "Redeliver" ("Send test event" is on the endpoint's row).
 */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslations("developers.log");
  const log = useDeliveries(endpoint.id);
  const submit = useSubmit();
  const run = (key: string, action: () => Promise<void>, done: string) =>
    submit.run(
      async () => {
        await action();
        notifications.add({ type: "success", message: done });
      },
      { key },
    );
  return (
    <section aria-label={t("title")} className="flex flex-col gap-3">
      {log.isLoading ? (
        <LoadingBlock label={t("loading")} />
      ) : log.error ? (
        <p role="alert" className="text-sm text-error-text">
          {(log.error as Error).message}
        </p>
      ) : log.data?.deliveries.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-[var(--border)] text-sm">
          {log.data?.deliveries.map((d) => (
            <Delivery key={d.id} delivery={d} busy={submit.running(d.id)} disabled={!endpoint.enabled} onRedeliver={() => run(d.id, () => log.redeliver(d.id), t("redeliverQueued"))} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Delivery({ delivery: d, busy, disabled, onRedeliver }: { delivery: WebhookDelivery; busy: boolean; disabled: boolean; onRedeliver: () => void }) {
  const t = useTranslations("developers.log");
  const format = useFormatter();
  const meetingTitle = useMeetingTitle();
  const last = d.tries[d.tries.length - 1];
  const tone = d.status === "succeeded" ? "text-success-text" : d.status === "failed" ? "text-error-text" : "text-warning-text";
  return (
    <li className="flex flex-col gap-1 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <code className="text-xs">{d.eventType}</code> <span className={tone}>{t(`status.${d.status}`)}</span>{" "}
          <span className="text-xs text-[var(--text-muted)]">
            {format.dateTime(new Date(d.createdAt), { dateStyle: "medium", timeStyle: "medium" })} · {t("attempts", { count: d.attempts })}
            {d.nextAttemptAt && ` · ${t("next", { when: format.dateTime(new Date(d.nextAttemptAt), { timeStyle: "medium" }) })}`}
          </span>
        </p>
        <Button size="sm" variant="secondary" loading={busy} disabled={disabled} onClick={onRedeliver}>
          {t("redeliver")}
        </Button>
      </div>
      {d.meeting && (
        <p className="text-xs">
          {t("meeting")}{" "}
          <Link href={`/meetings/${d.meeting.id}/details`} className="font-medium text-primary underline dark:text-primary-light">
            {meetingTitle(d.meeting)}
          </Link>
        </p>
      )}
      <p className="font-mono text-xs break-all text-[var(--text-muted)]">{d.eventId}</p>
      <details className="text-xs">
        <summary className="w-fit cursor-pointer rounded text-[var(--text-muted)] hover:text-[var(--text)]">{t("payload")}</summary>
        <pre tabIndex={0} aria-label={t("payloadOf", { type: d.eventType })} className="mt-1 max-h-80 overflow-auto rounded-md border border-[var(--border)] bg-[var(--surface-muted)] p-2 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </details>
      {d.tries.length > 0 && (
        <ol className="flex flex-col gap-0.5 text-xs">
          {d.tries.map((a, i) => (
            <li key={i}>
              {a.manual ? t("manual") : t("attempt", { n: a.attempt })}: {a.statusCode !== null ? `HTTP ${a.statusCode}` : a.error} · {t("latency", { ms: a.latencyMs })}
              {a.responseExcerpt && <span className="ml-1 break-all text-[var(--text-muted)]">“{a.responseExcerpt.slice(0, 200)}”</span>}
            </li>
          ))}
        </ol>
      )}
      {!last && <p className="text-xs text-[var(--text-muted)]">{t("queued")}</p>}
    </li>
  );
}
