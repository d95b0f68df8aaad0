"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "@/components/agents/select-field";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";

const CHOICES = ["7", "30", "90", "365", "forever"] as const;

/** How long recordings are kept (docs/recordings.md, "Retention"): 30 days unless changed. */
export function RecordingsSection({ retentionDays, onSaved }: { retentionDays: number | null; onSaved: () => void }) {
  const t = useTranslations("account.recordings");
  const stored = retentionDays === null ? "forever" : String(retentionDays);
  const [value, setValue] = useState(stored);
  const submit = useSubmit();
  const save = () =>
    submit.run(async () => {
      const retention = value === "forever" ? null : Number(value);
      await apiFetch("/api/account/recordings", { method: "PUT", body: JSON.stringify({ retentionDays: retention })});
      notifications.add({ type: "success", message: t("saved", { what: retention === null ? t("savedForever") : t("savedDays", { n: retention }) }) });
      onSaved();
    });
  const choices: string[] = CHOICES.includes(stored as (typeof CHOICES)[number]) ? [...CHOICES] : [stored, ...CHOICES];
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="text-sm">{t("text")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label={t("label")} value={value} onChange={(e) => setValue(e.target.value)} className="md:max-w-xs">
          {choices.map((c) => (
            <option key={c} value={c}>
              {c === "forever" ? t("forever") : t("days", { n: Number(c) })}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" loading={submit.busy} disabled={value === stored}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
