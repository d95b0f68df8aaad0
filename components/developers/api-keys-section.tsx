"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Section } from "@/components/ui/section";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api";
import { messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useApiKeys, type ApiKey } from "@/lib/client/use-developers";
import { useSubmit } from "@/lib/client/use-submit";
import { KeyList } from "./key-list";
import { LazyShownOnce } from "./lazy-shown-once";

const EXPIRY_DAYS = ["never", "30", "90", "365"] as const;

/** API keys: create one (shown once), see when each was created, last used and expires, revoke. */
export function ApiKeysSection() {
  const t = useTranslations("developers");
  const keys = useApiKeys();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "full">("full");
  const [expiry, setExpiry] = useState<(typeof EXPIRY_DAYS)[number]>("90");
  const form = useSubmit<"name">();
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check({ name: name.trim() ? undefined : t("keys.nameRequired") })) return;
    void form.run(
      async () => {
        const expiresAt = expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
        const created = await keys.create({ name: name.trim(), scope, expiresAt });
        setName("");
        setShown(created.key);
      },
      { failure: (err) => (err instanceof ApiError && err.status === 400 ? { name: err.message } : messageOf(err)) },
    );
  };

  // A key that no longer works goes without asking: nothing depends on it any more.
  const removal = useSubmit();
  const remove = (key: ApiKey) =>
    void removal.run(
      async () => {
        await keys.remove(key.id);
        notifications.add({ type: "success", message: t("keys.removed", { name: key.name }) });
      },
      { key: key.id },
    );

  const revoke = (key: ApiKey) =>
    form.run(async () => {
      await keys.revoke(key.id);
      notifications.add({ type: "success", message: t("keys.revoked", { name: key.name }) });
      setRevoking(null);
    });

  return (
    <Section title={t("keys.title")} loading={keys.isLoading} error={keys.error ? (keys.error as Error).message : null} onRetry={() => void keys.mutate()}>
      <p className="mb-4 text-sm text-[var(--text-muted)]">{t("keys.about")}</p>
      <form onSubmit={submit} className="mb-6 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start" noValidate>
        <TextField label={t("keys.name")} value={name} onChange={(e) => setName(e.target.value)} error={form.errors.name} maxLength={80} placeholder={t("keys.namePlaceholder")} />
        <Choice label={t("keys.scope")} value={scope} onChange={(v) => setScope(v as "read" | "full")} options={[["full", t("keys.scopeFull")], ["read", t("keys.scopeRead")]]} />
        <Choice label={t("keys.expires")} value={expiry} onChange={(v) => setExpiry(v as (typeof EXPIRY_DAYS)[number])} options={EXPIRY_DAYS.map((d) => [d, d === "never" ? t("keys.never") : t("keys.days", { days: Number(d) })])} />
        <Button type="submit" loading={form.busy} className="sm:mt-6">
          {t("keys.create")}
        </Button>
      </form>
      {keys.data && keys.data.length === 0 ? <p className="text-sm text-[var(--text-muted)]">{t("keys.empty")}</p> : <KeyList keys={keys.data ?? []} onRevoke={setRevoking} onRemove={remove} removing={(k) => removal.running(k.id)} />}
      <LazyShownOnce title={t("keys.createdTitle")} label={t("keys.yourKey")} note={t("shownOnce")} value={shown} onClose={() => setShown(null)} />
      <LazyConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("keys.revokeTitle", { name: revoking?.name ?? "" })}
        description={t("keys.revokeText")}
        confirmLabel={t("keys.revoke")}
        cancelLabel={t("cancel")}
        onConfirm={() => revoking && void revoke(revoking)}
        busy={form.busy}
      />
    </Section>
  );
}

/** A labelled native select: keyboard and screen-reader friendly on every device. */
function Choice({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: (readonly [string, string])[] }) {
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
