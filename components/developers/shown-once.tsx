"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { copyToClipboard, notifications } from "@/lib/client/notifications";

/** A secret the server shows this once (an API key, a signing secret), with a copy button. */
export function ShownOnce({ title, label, note, value, onClose }: { title: string; label: string; note: string; value: string | null; onClose: () => void }) {
  const t = useTranslations("developers");
  const copy = async () => {
    if (value && (await copyToClipboard(value))) notifications.add({ type: "success", message: t("copied") });
  };
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()} title={title} closeLabel={t("close")}>
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-md bg-warning-bg px-3 py-2 text-sm text-[#5c4400]">
          {note}
        </p>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {label}
          <input readOnly value={value ?? ""} onFocus={(e) => e.currentTarget.select()} className="w-full rounded-md border border-[var(--border)] bg-[var(--surface)] px-3 py-2 font-mono text-xs" />
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={copy}>
            {t("copy")}
          </Button>
          <Button onClick={onClose}>{t("done")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
