"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { splitDisplayName } from "@/lib/shell/nav";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
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
  const form = useSubmit({ errors: "inline" });
  const saving = form.busy;
  const error = form.errors.form;
  // Close works while a save is on its way (a click on it used to do nothing then): the save goes on,
  // and its outcome is a toast when the dialog is no longer there to show it under the name.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  // Each opening (and a name changed meanwhile) starts from the saved name, not editing. The dialog
  // stays mounted once opened, so this is adjusted here rather than by mounting it again.
  const shownFor = open ? original : null;
  const [startedFor, setStartedFor] = useState(shownFor);
  if (shownFor !== startedFor) {
    setStartedFor(shownFor);
    if (open) {
      setEditing(false);
      setName(original);
      form.setErrors({});
    }
  }

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    void form.run(
      async () => {
        const updated = await apiFetch<Profile>("/api/me", { method: "PUT", body: JSON.stringify(splitDisplayName(name)), fallback: t("updateFailed") });
        await mutate("/api/me", updated, { revalidate: false });
        setEditing(false);
        notifications.add({ type: "success", message: t("updated") });
      },
      // Whatever went wrong, the same sentence under the name.
      {
        failure: () => {
          if (!openRef.current) notifications.add({ type: "error", message: t("updateFailed") });
          return t("updateFailed");
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("title")} closeLabel={shell("close")} returnFocusTo={returnFocusTo}>
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
                form.setErrors({});
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
