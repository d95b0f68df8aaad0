"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Section } from "@/components/ui/section";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useApiKeys, type ApiKey } from "@/lib/client/use-developers";
import { LazyShownOnce } from "./lazy-shown-once";

const EXPIRY_DAYS = ["never", "30", "90", "365"] as const;

/** API keys: create one (shown once), see when each was created, last used and expires, revoke. */
export function ApiKeysSection() {
  const t = useTranslations("developers");
  const keys = useApiKeys();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "full">("full");
  const [expiry, setExpiry] = useState<(typeof EXPIRY_DAYS)[number]>("90");
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(t("keys.nameRequired"));
    setBusy(true);
    setNameError(null);
    try {
      const expiresAt = expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
      const created = await keys.create({ name: name.trim(), scope, expiresAt });
      setName("");
      setShown(created.key);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setNameError(err.message);
      else notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await keys.revoke(revoking.id);
      notifications.add({ type: "success", message: t("keys.revoked", { name: revoking.name }) });
      setRevoking(null);
    } catch (err) {
      notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t("keys.title")} loading={keys.isLoading} error={keys.error ? (keys.error as Error).message : null} onRetry={() => void keys.mutate()}>
      <p className="mb-4 text-sm text-[var(--text-muted)]">{t("keys.about")}</p>
      <form onSubmit={submit} className="mb-6 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start" noValidate>
        <TextField label={t("keys.name")} value={name} onChange={(e) => setName(e.target.value)} error={nameError} maxLength={80} placeholder={t("keys.namePlaceholder")} />
        <Choice label={t("keys.scope")} value={scope} onChange={(v) => setScope(v as "read" | "full")} options={[["full", t("keys.scopeFull")], ["read", t("keys.scopeRead")]]} />
        <Choice label={t("keys.expires")} value={expiry} onChange={(v) => setExpiry(v as (typeof EXPIRY_DAYS)[number])} options={EXPIRY_DAYS.map((d) => [d, d === "never" ? t("keys.never") : t("keys.days", { days: Number(d) })])} />
        <Button type="submit" loading={busy} className="sm:mt-6">
          {t("keys.create")}
        </Button>
      </form>
      {keys.data && keys.data.length === 0 ? <p className="text-sm text-[var(--text-muted)]">{t("keys.empty")}</p> : <KeyList keys={keys.data ?? []} onRevoke={setRevoking} />}
      <LazyShownOnce title={t("keys.createdTitle")} label={t("keys.yourKey")} value={shown} onClose={() => setShown(null)} />
      <LazyConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("keys.revokeTitle", { name: revoking?.name ?? "" })}
        description={t("keys.revokeText")}
        confirmLabel={t("keys.revoke")}
        cancelLabel={t("cancel")}
        onConfirm={revoke}
        busy={busy}
      />
    </Section>
  );
}

function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (k: ApiKey) => void }) {
  const t = useTranslations("developers.keys");
  const format = useFormatter();
  const when = (iso: string | null, none: string) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : none);
  return (
    <ul className="flex flex-col divide-y divide-[var(--border)]" aria-label={t("listLabel")}>
      {keys.map((k) => {
        const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= Date.now();
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
            {!k.revokedAt && (
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

/** A labelled native select: keyboard and screen-reader friendly on every device. */
export function Choice({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: (readonly [string, string])[] }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className="h-10 rounded-md border border-[var(--border)] bg-[var(--surface)] px-2 text-sm">
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
