"use client";
import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/field";
import { LEAVING_DEFAULTS } from "@/lib/agents/leaving-defaults";
import { LEAVING_UNITS, type LeavingLimit, type LeavingValues } from "./leaving-values";
import { CheckboxField } from "./select-field";

/**
 * The agent form's "Leaving" section: when the agent leaves a meeting on its own. Each limit is a
 * number in the unit its label names (minutes or seconds); the errors stand under their fields
 * (`leaving.<limit>` from the server, the same keys from the form's own check).
 */
export function LeavingSection({ value, onChange, errors }: { value: LeavingValues; onChange: (next: LeavingValues) => void; errors: Record<string, string[]> }) {
  const t = useTranslations("agents.leaving");
  const limit = (field: LeavingLimit, hint?: string) => (
    <TextField
      label={t(`${field}`, { unit: t(`units.${LEAVING_UNITS[field]}`) })}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      className="sm:max-w-xs"
      value={value.limits[field]}
      onChange={(e) => onChange({ ...value, limits: { ...value.limits, [field]: e.target.value } })}
      error={errors[`leaving.${field}`]?.join(" ")}
    />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {limit("nobodyJoinedSeconds", t("nobodyJoinedHint"))}
        {limit("aloneSeconds", t("aloneHint"))}
      </div>
      <TextField
        label={t("botKeywords")}
        hint={t("botKeywordsHint", { defaults: LEAVING_DEFAULTS.botKeywords.join(", ") })}
        autoComplete="off"
        spellCheck={false}
        value={value.botKeywords}
        onChange={(e) => onChange({ ...value, botKeywords: e.target.value })}
        error={errors["leaving.botKeywords"]?.join(" ")}
      />
      <CheckboxField label={t("silence")} hint={t("silenceHint")} checked={value.silence} onChange={(silence) => onChange({ ...value, silence })} />
      {value.silence && (
        <div className="grid gap-4 sm:grid-cols-2">
          {limit("silenceSeconds")}
          {limit("silenceGraceSeconds")}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {limit("maxDurationSeconds", t("maxDurationHint"))}
        {limit("waitingRoomSeconds", t("waitingRoomHint"))}
      </div>
    </>
  );
}
