"use client";
import { CalendarCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR from "swr";
import type { connectOptions } from "@/lib/calendar/connect/connect-options";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";

type Options = ReturnType<typeof connectOptions>;
const PROVIDERS = ["google", "microsoft"] as const;

/** The connect link for a provider: to the consent page, back to this page with the outcome. */
export function connectHref(provider: string, agentId: string | undefined, back: string): string {
  const q = new URLSearchParams({ back });
  if (agentId) q.set("agentId", agentId);
  return `/api/calendars/connect/${provider}?${q}`;
}

/** The page this was opened on, as the connect flow's way back. */
function backPath(): string {
  return typeof window === "undefined" ? "/calendar" : window.location.pathname;
}

/**
 * "Connect Google Calendar" / "Connect Microsoft 365 / Outlook" (links: the browser goes through the
 * provider's consent page and comes back here). Says when the operator has not set a provider up,
 * and whether changes arrive in seconds or are polled. The outcome of a connect comes back in the
 * address (?connected= / ?connectError=) and is shown once.
 */
export function ConnectAccounts({ agentId, disabled }: { agentId: string | undefined; disabled: boolean }) {
  const t = useTranslations("calendar.connect");
  const { data } = useSWR<Options>("/api/calendars/connect", (path: string) => apiFetch<Options>(path, { fallback: t("fetchFailed") }));
  // Rendered in the browser only (the card loads after the page, ssr: false): the address is there.
  const [problem] = useState(() => new URLSearchParams(window.location.search).get("connectError"));
  const back = backPath();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const connected = params.get("connected");
    const error = params.get("connectError");
    if (!connected && !error) return;
    if (connected) notifications.add({ type: "success", message: t("connected", { provider: t(`name.${connected === "microsoft" ? "microsoft" : "google"}`) }) });
    window.history.replaceState(null, "", window.location.pathname);
  }, [t]);

  return (
    <section aria-labelledby="connect-title" className="flex flex-col gap-2">
      <h3 id="connect-title" className="text-sm font-semibold">
        {t("title")}
      </h3>
      {problem && (
        <p role="alert" className="rounded bg-error/10 px-2 py-1 text-sm text-error-text">
          {t("failed", { message: problem })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {PROVIDERS.map((p) =>
          data?.[p] && !disabled ? (
            <a key={p} href={connectHref(p, agentId, back)} className="inline-flex h-9 items-center gap-2 rounded-md border border-[var(--border)] px-3 text-sm font-medium hover:bg-[var(--surface-muted)]">
              <CalendarCheck size={16} aria-hidden="true" />
              {t(`button.${p}`)}
            </a>
          ) : (
            <span key={p} aria-disabled="true" className="inline-flex h-9 items-center gap-2 rounded-md border border-dashed border-[var(--border)] px-3 text-sm text-[var(--text-muted)]">
              <CalendarCheck size={16} aria-hidden="true" />
              {t(`button.${p}`)}
            </span>
          ),
        )}
      </div>
      {data && PROVIDERS.filter((p) => !data[p]).map((p) => (
        <p key={p} className="text-xs text-[var(--text-muted)]">
          {t("notSetUp", { provider: t(`name.${p}`) })}
        </p>
      ))}
      {data && (data.google || data.microsoft) && <p className="text-xs text-[var(--text-muted)]">{data.push ? t("push") : t("polling", { minutes: data.pollMinutes })}</p>}
    </section>
  );
}
