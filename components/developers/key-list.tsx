"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ApiKey } from "@/lib/client/use-developers";
import { useNow } from "@/lib/client/use-now";

/** The account's API keys: scope, prefix, created / last used / expires; Revoke for a live one, Remove for one that ended. */
export function KeyList({ keys, onRevoke, onRemove, removing }: { keys: ApiKey[]; onRevoke: (k: ApiKey) => void; onRemove: (k: ApiKey) => void; removing: (k: ApiKey) => boolean }) {
  const t = useTranslations("developers.keys");
  const format = useFormatter();
  const now = useNow();
  const when = (iso: string | null, none: string) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : none);
  return (
    <ul className="flex flex-col divide-y divide-[var(--border)]" aria-label={t("listLabel")}>
      {keys.map((k) => {
        const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= now;
        const state = k.revokedAt ? t("stateRevoked") : expired ? t("stateExpired") : null;
        return (
          <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {k.name} <span className="ml-2 rounded bg-primary-light px-1.5 text-xs text-primary-dark">{k.scope === "read" ? t("scopeRead") : t("scopeFull")}</span>
                {state && <span className="ml-2 rounded bg-error/10 px-1.5 text-xs text-error-text">{state}</span>}
              </p>
              <p className="font-mono text-xs text-[var(--text-muted)]">{k.prefix}…</p>
              <p className="text-xs text-[var(--text-muted)]">
                {t("createdAt", { when: when(k.createdAt, "") })} · {t("lastUsed", { when: when(k.lastUsedAt, t("neverUsed")) })} · {t("expiresAt", { when: when(k.expiresAt, t("never")) })}
              </p>
            </div>
            {state ? (
              <Button size="sm" variant="secondary" loading={removing(k)} onClick={() => onRemove(k)} aria-label={t("removeNamed", { name: k.name })}>
                {t("remove")}
              </Button>
            ) : (
              <Button size="sm" variant="danger" onClick={() => onRevoke(k)} aria-label={t("revokeNamed", { name: k.name })}>
                {t("revoke")}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
