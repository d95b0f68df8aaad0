"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { TextAreaField, TextField } from "@/components/ui/field";
import { LoadingBlock } from "@/components/ui/spinner";
import { AGENT_LANGUAGES } from "@/lib/agents/languages";
import { ApiError } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import { useProviders, type ProviderDefaults } from "@/lib/client/use-providers";
import { initialValues, invalidEmailEntries, invalidHeaderRows, visibleHint, issuesByField, KINDS, parseParams, PLATFORMS, requestBody, type FormValues } from "./form-values";
import { PLATFORM_CHIP } from "./platform";
import { ProviderSection } from "./provider-section";
import { CheckboxField, SelectField } from "./select-field";
import { ToolsSection } from "./tools-section";
import { UnsavedGuard } from "./unsaved-guard";

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-[var(--text-muted)]">{description}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </Card>
  );
}

/** Create / edit form (spec §2): sections identity, voice pipeline, activation, access, platform. */
export function AgentForm({ agent }: { agent?: Agent }) {
  const t = useTranslations("agents");
  const catalogue = useProviders();
  if (catalogue.error) {
    return (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{catalogue.error}</p>
        <Button variant="secondary" onClick={() => void catalogue.invalidate()}>
          {t("retry")}
        </Button>
      </Card>
    );
  }
  if (catalogue.isLoading) return <LoadingBlock />;
  return <LoadedForm agent={agent} providers={catalogue.providers} defaults={catalogue.defaults} />;
}

function LoadedForm({ agent, providers, defaults }: { agent?: Agent; providers: ReturnType<typeof useProviders>["providers"]; defaults: ProviderDefaults | null }) {
  const t = useTranslations("agents");
  const router = useRouter();
  const store = useAgents();
  // The starting values, once: the catalogue decides which stored params the pickers show.
  const [start] = useState(() => initialValues(agent, defaults, providers));
  const [values, setValues] = useState<FormValues>(start);
  const [saved, setSaved] = useState(() => JSON.stringify(start));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped whenever a submit finds errors: the first invalid field is then brought into view.
  const [errorRound, setErrorRound] = useState(0);
  useEffect(() => {
    if (errorRound === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    // Centred, so neither the sticky top bar nor the sticky save bar covers it.
    first.scrollIntoView({ block: "center", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }, [errorRound]);

  const dirty = JSON.stringify(values) !== saved;

  // Editing a field clears its errors (for a pipeline step: provider, key and extra params).
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const fields: string[] = (KINDS as readonly string[]).includes(key) ? [`${key}ProviderId`, `${key}ApiKey`, `${key}ExtraParams`] : [key === "whitelist" ? "whitelistedEmails" : key];
    // "aiExtraParams.model" and the like belong to the step too; a tool server's fields to the servers.
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([field]) => !fields.includes(field) && !fields.some((f) => field.startsWith(`${f}.`)) && !(key === "mcpServers" && field.startsWith("mcpServers")))),
    );
  };
  const err = (field: string) => errors[field]?.[0];

  // What the browser can tell at once, in the user's language; the server checks everything again.
  const localErrors = (): Record<string, string[]> => {
    const found: Record<string, string[]> = {};
    if (!values.name.trim()) found.name = [t("form.nameRequired")];
    if (!values.manualActivation && !values.wakeWord.trim()) found.wakeWord = [t("form.wakeWordRequired")];
    for (const kind of KINDS) if (parseParams(values[kind].extraText) === null) found[`${kind}ExtraParams`] = [t("form.invalidJson")];
    const badEmails = values.accessControlEnabled ? invalidEmailEntries(values.whitelist) : [];
    if (badEmails.length > 0) found.whitelistedEmails = [t("form.invalidEmails", { count: badEmails.length, entries: badEmails.map((e) => `“${e}”`).join(", ") })];
    for (const i of invalidHeaderRows(values.mcpServers)) found[`mcpServers.${i}.headers`] = [t("tools.headersFormat")];
    values.mcpServers.forEach((server, i) => {
      if (!server.name.trim()) found[`mcpServers.${i}.name`] = [t("tools.nameRequired")];
      if (!server.url.trim()) found[`mcpServers.${i}.url`] = [t("tools.urlRequired")];
    });
    return found;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = localErrors();
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setErrorRound((n) => n + 1);
      notifications.add({ type: "error", message: t("form.fixErrors") });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      if (agent) await store.update(agent.id, requestBody(values));
      else await store.create(requestBody(values));
      setSaved(JSON.stringify(values));
      notifications.add({ type: "success", message: agent ? t("toast.saved", { name: values.name.trim() }) : t("toast.created", { name: values.name.trim() }) });
      router.push("/agents");
    } catch (error) {
      const issues = error instanceof ApiError ? (error.body as { issues?: { path: string; message: string }[] } | null)?.issues : undefined;
      setErrors(issuesByField(issues ?? []));
      if (issues?.length) {
        // The messages stand under their fields; the toast only points there.
        setErrorRound((n) => n + 1);
        notifications.add({ type: "error", message: t("form.fixErrors") });
      } else {
        notifications.add({ type: "error", message: (error as Error).message });
      }
    } finally {
      setSaving(false);
    }
  };

  const stored = (kind: (typeof KINDS)[number]) =>
    agent ? { agentId: agent.id, providerId: agent[`${kind}ProviderId`], hasKey: agent[`${kind}HasKey`], hint: agent[`${kind}KeyHint`] } : null;
  const secretHint = (hint: string | null) => (hint ? t("fields.secretStored", { hint }) : t("fields.secretStoredNoHint"));
  const showZoom = values.meetingPlatform === "zoom" || Boolean(agent?.zoomAppKey);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-6" aria-label={agent ? t("form.editLabel", { name: agent.name }) : t("form.createLabel")}>
      {/* Its dialog renders in a portal, outside the form's DOM: its buttons never submit the form. */}
      <UnsavedGuard dirty={dirty} />
      <Section title={t("sections.identity")}>
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
        <SelectField label={t("fields.timeZone")} value={values.timeZone} onChange={(e) => set("timeZone", e.target.value)} error={err("timeZone")} className="md:max-w-xs">
          {timeZones(values.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, " ")}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title={t("sections.pipeline")} description={t("sections.pipelineHint")}>
        {KINDS.map((kind) => (
          <ProviderSection key={kind} kind={kind} providers={providers[kind]} value={values[kind]} onChange={(next) => set(kind, next)} stored={stored(kind)} errors={errors} language={values.language} />
        ))}
      </Section>

      <Section title={t("sections.tools")} description={t("sections.toolsHint")}>
        <ToolsSection servers={values.mcpServers} onChange={(next) => set("mcpServers", next)} agentId={agent?.id} errors={errors} />
      </Section>

      <Section title={t("sections.activation")}>
        <CheckboxField label={t("fields.manualActivation")} hint={t("fields.manualActivationHint")} checked={values.manualActivation} onChange={(v) => set("manualActivation", v)} />
        {!values.manualActivation && (
          <TextField label={t("fields.wakeWord")} hint={t("fields.wakeWordHint")} maxLength={50} value={values.wakeWord} onChange={(e) => set("wakeWord", e.target.value)} error={err("wakeWord")} />
        )}
        <CheckboxField label={t("fields.transcript")} hint={t("fields.transcriptHint")} checked={values.transcript} onChange={(v) => set("transcript", v)} />
        {values.transcript && <CheckboxField label={t("fields.summaries")} hint={t("fields.summariesHint")} checked={values.summaries} onChange={(v) => set("summaries", v)} />}
      </Section>

      <Section title={t("sections.access")}>
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
      </Section>

      <Section title={t("sections.platform")} description={t("sections.platformHint")}>
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
      </Section>

      <div data-sticky-actions className="sticky bottom-0 flex justify-end gap-2 border-t border-[var(--border)] bg-[var(--surface-muted)] py-3">
        <Link href="/agents" className="inline-flex h-10 items-center rounded-md border border-[var(--border)] bg-[var(--surface)] px-4 text-sm hover:bg-hover-light dark:hover:bg-white/5">
          {t("form.cancel")}
        </Link>
        <Button type="submit" loading={saving}>
          {saving ? t("form.saving") : agent ? t("form.save") : t("form.create")}
        </Button>
      </div>
    </form>
  );
}

/** Every time zone the browser knows, with the agent's own first if the list lacks it (e.g. "UTC"). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}
