"use client";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { TextAreaField, TextField } from "@/components/ui/field";
import { AGENT_LANGUAGES } from "@/lib/agents/languages";
import { MAX_JOIN_LEAD_MINUTES } from "@/lib/agents/join-lead-limit";
import type { Agent } from "@/lib/client/use-agents";
import { PLATFORMS, visibleHint } from "./form-values";
import { PLATFORM_CHIP } from "./platform";
import { CheckboxField, SelectField } from "./select-field";
import { TimeZoneField } from "./time-zone-field";
import type { AgentFormState } from "./use-agent-form";

/** Name, description (the agent's instructions), language and time zone. */
export function IdentityFields({ form: { values, set, err } }: { form: AgentFormState }) {
  const t = useTranslations("agents");
  return (
    <>
      <TextField label={t("fields.name")} value={values.name} maxLength={80} required onChange={(e) => set("name", e.target.value)} error={err("name")} />
      <TextAreaField
        label={t("fields.description")}
        hint={t("fields.descriptionHint")}
        rows={5}
        maxLength={4000}
        value={values.description}
        onChange={(e) => set("description", e.target.value)}
        error={err("description")}
      />
      <SelectField label={t("fields.language")} value={values.language} onChange={(e) => set("language", e.target.value)} error={err("language")} className="md:max-w-xs">
        {AGENT_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </SelectField>
      <TimeZoneField value={values.timeZone} onChange={(zone) => set("timeZone", zone)} error={err("timeZone")} />
    </>
  );
}

/** Manual activation or the wake word, and what the agent keeps (transcript, summaries, recordings). */
export function ActivationFields({ form: { values, set, err } }: { form: AgentFormState }) {
  const t = useTranslations("agents");
  return (
    <>
      <CheckboxField label={t("fields.manualActivation")} hint={t("fields.manualActivationHint")} checked={values.manualActivation} onChange={(v) => set("manualActivation", v)} />
      {!values.manualActivation && (
        <TextField label={t("fields.wakeWord")} hint={t("fields.wakeWordHint")} maxLength={50} value={values.wakeWord} onChange={(e) => set("wakeWord", e.target.value)} error={err("wakeWord")} />
      )}
      <CheckboxField label={t("fields.transcript")} hint={t("fields.transcriptHint")} checked={values.transcript} onChange={(v) => set("transcript", v)} />
      {values.transcript && <CheckboxField label={t("fields.summaries")} hint={t("fields.summariesHint")} checked={values.summaries} onChange={(v) => set("summaries", v)} />}
      <CheckboxField label={t("fields.recordMeetings")} hint={t("fields.recordMeetingsHint")} checked={values.recordMeetings} onChange={(v) => set("recordMeetings", v)} />
    </>
  );
}

/** Who the agent answers (access control and its list) and whether it asks before acting. */
export function AccessFields({ form: { values, set, errors } }: { form: AgentFormState }) {
  const t = useTranslations("agents");
  return (
    <>
      <CheckboxField label={t("fields.accessControl")} hint={t("fields.accessControlHint")} checked={values.accessControlEnabled} onChange={(v) => set("accessControlEnabled", v)} />
      {/* Like the wake word: the list only matters (and is only shown) while access control is on; it is kept when off. */}
      {values.accessControlEnabled && (
        <TextAreaField
          label={t("fields.whitelist")}
          hint={t("fields.whitelistHint")}
          rows={3}
          spellCheck={false}
          value={values.whitelist}
          onChange={(e) => set("whitelist", e.target.value)}
          error={errors.whitelistedEmails?.join(" ")}
        />
      )}
      <CheckboxField label={t("fields.requireConfirmation")} hint={t("fields.requireConfirmationHint")} checked={values.requireConfirmation} onChange={(v) => set("requireConfirmation", v)} />
    </>
  );
}

/** "Join N minutes before the start": 0 (at the start) to 15. */
const JOIN_LEAD_CHOICES = Array.from({ length: MAX_JOIN_LEAD_MINUTES + 1 }, (_, i) => i);

/** The meeting platform, how early the agent joins scheduled meetings, and Zoom's app key and secret when it is Zoom (or they are stored). */
export function PlatformFields({ form: { values, set, setValues, err }, agent, serverJoinLeadSeconds }: { form: AgentFormState; agent?: Agent; serverJoinLeadSeconds: number }) {
  const t = useTranslations("agents");
  const secretHint = (hint: string | null) => (hint ? t("fields.secretStored", { hint }) : t("fields.secretStoredNoHint"));
  const showZoom = values.meetingPlatform === "zoom" || Boolean(agent?.zoomAppKey);
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("fields.platform")}</legend>
        <div className="flex flex-wrap gap-2">
          {PLATFORMS.map((p) => (
            <label
              key={p}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary",
                values.meetingPlatform === p ? "border-primary bg-primary-light/40 dark:bg-white/10" : "border-[var(--border)]",
              )}
            >
              <input type="radio" name="meetingPlatform" value={p} checked={values.meetingPlatform === p} onChange={() => set("meetingPlatform", p)} className="sr-only" />
              <span aria-hidden="true" className={cn("h-3 w-3 rounded-sm", PLATFORM_CHIP[p])} />
              {t(`platforms.${p}`)}
            </label>
          ))}
        </div>
        {err("meetingPlatform") && <p role="alert" className="text-sm text-error-text">{err("meetingPlatform")}</p>}
      </fieldset>
      <SelectField
        label={t("fields.joinLead")}
        hint={t("fields.joinLeadHint")}
        value={values.joinLeadMinutes}
        onChange={(e) => set("joinLeadMinutes", e.target.value)}
        error={err("joinLeadMinutes")}
        className="md:max-w-xs"
      >
        <option value="">
          {t("fields.joinLeadDefault", {
            lead:
              serverJoinLeadSeconds % 60 === 0
                ? t("fields.joinLeadMinutes", { minutes: serverJoinLeadSeconds / 60 })
                : t("fields.joinLeadSeconds", { seconds: serverJoinLeadSeconds }),
          })}
        </option>
        {JOIN_LEAD_CHOICES.map((m) => (
          <option key={m} value={String(m)}>
            {t("fields.joinLeadMinutes", { minutes: m })}
          </option>
        ))}
      </SelectField>
      {showZoom && (
        <div className="grid gap-3 md:grid-cols-2">
          <TextField label={t("fields.zoomKey")} hint={t("fields.zoomHint")} autoComplete="off" value={values.zoomAppKey} onChange={(e) => set("zoomAppKey", e.target.value)} error={err("zoomAppKey")} />
          <div className="flex flex-col gap-2">
            <TextField
              label={t("fields.zoomSecret")}
              type="password"
              autoComplete="new-password"
              value={values.zoomAppSecret}
              disabled={values.clearZoomSecret}
              hint={agent?.zoomHasSecret ? secretHint(visibleHint(agent.zoomSecretHint)) : undefined}
              onChange={(e) => set("zoomAppSecret", e.target.value)}
              error={err("zoomAppSecret")}
            />
            {agent?.zoomHasSecret && (
              <CheckboxField label={t("fields.clearSecret")} checked={values.clearZoomSecret} onChange={(v) => setValues((x) => ({ ...x, clearZoomSecret: v, zoomAppSecret: "" }))} />
            )}
          </div>
        </div>
      )}
    </>
  );
}
