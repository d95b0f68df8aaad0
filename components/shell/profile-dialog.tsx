"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { splitDisplayName } from "@/lib/shell/nav";
import { notifications } from "@/lib/client/notifications";
import { Avatar } from "./avatar";
import { displayName, useProfile, type Profile } from "./use-profile";

export function ProfileDialog({ open, onOpenChange, returnFocusTo }: { open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo?: HTMLElement | null }) {
  const t = useTranslations("profile");
  const shell = useTranslations("shell");
  const { data } = useProfile();
  const { mutate } = useSWRConfig();
  const original = displayName(data);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(original);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setEditing(false);
      setName(original);
      setError(null);
    }
  }, [open, original]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setSaving(true);
    setError(null);
    try {
      const updated = await apiFetch<Profile>("/api/me", { method: "PUT", body: JSON.stringify(splitDisplayName(name)), fallback: t("updateFailed") });
      await mutate("/api/me", updated, { revalidate: false });
      setEditing(false);
      notifications.add({ type: "success", message: t("updated") });
    } catch {
      setError(t("updateFailed"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)} title={t("title")} closeLabel={shell("close")} returnFocusTo={returnFocusTo}>
      <div className="mb-4 flex items-center gap-3">
        <Avatar name={original} photoURL={data?.photoURL} size={48} />
        <div>
          <p className="font-medium" data-testid="profile-name">
            {original}
          </p>
          <p className="text-sm text-[var(--text-muted)]">{data?.email}</p>
        </div>
      </div>
      {editing ? (
        <form onSubmit={save} className="flex flex-col gap-4">
          <TextField label={t("displayName")} value={name} onChange={(e) => setName(e.target.value)} error={error} disabled={saving} autoFocus />
          <div className="flex justify-end gap-2">
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => {
                setName(original);
                setError(null);
                setEditing(false);
              }}
            >
              {t("cancel")}
            </Button>
            <Button type="submit" loading={saving} disabled={!name.trim()}>
              {saving ? t("saving") : t("save")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link href="/account" onClick={() => onOpenChange(false)} className="text-sm font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light">
            {shell("account")}
          </Link>
          <Button onClick={() => setEditing(true)}>{t("edit")}</Button>
        </div>
      )}
    </Dialog>
  );
}
