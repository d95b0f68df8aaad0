"use client";
import { useFormatter, useTranslations } from "next-intl";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";

interface Device {
  id: string;
  browser: string | null;
  os: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

const KEY = "/api/account/devices";

/** The browsers signed in to the account (browser, system, last seen), this one marked; "Sign out" for each other one. */
export function DeviceList({ refreshKey }: { refreshKey: number }) {
  const t = useTranslations("account.devices");
  const format = useFormatter();
  const list = useSWR<{ devices: Device[] }>([KEY, refreshKey], () => apiFetch<{ devices: Device[] }>(KEY, { fallback: t("loadFailed") }));
  const submit = useSubmit();
  const name = (d: Device) => (d.browser && d.os ? t("on", { browser: d.browser, os: d.os }) : (d.browser ?? d.os ?? t("unknown")));
  const signOut = (d: Device) =>
    submit.run(
      async () => {
        await apiFetch(`${KEY}/${d.id}/sign-out`, { method: "POST" });
        notifications.add({ type: "success", message: t("signedOut", { device: name(d) }) });
        await list.mutate();
      },
      { key: d.id },
    );

  if (list.isLoading) return <LoadingBlock label={t("loading")} />;
  if (list.error) return <p role="alert" className="text-sm text-error-text">{(list.error as Error).message}</p>;
  return (
    <ul aria-label={t("label")} className="mt-3 flex flex-col divide-y divide-[var(--border)] text-sm">
      {list.data?.devices.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <p className="font-medium">
              {name(d)}
              {d.current && <span className="ml-2 rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success-text">{t("thisDevice")}</span>}
            </p>
            <p className="text-xs text-[var(--text-muted)]">
              {d.current
                ? t("signedInAt", { when: format.dateTime(new Date(d.signedInAt), { dateStyle: "medium" }) })
                : t("lastSeen", { when: format.relativeTime(new Date(d.lastSeenAt), new Date()) })}
            </p>
          </div>
          {!d.current && (
            <Button size="sm" variant="secondary" loading={submit.running(d.id)} onClick={() => void signOut(d)} aria-label={t("signOutLabel", { device: name(d) })}>
              {t("signOut")}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
