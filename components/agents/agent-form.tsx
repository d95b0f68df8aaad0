"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextAreaField, TextField } from "@/components/ui/field";
import { LoadingBlock } from "@/components/ui/spinner";
import { AGENT_LANGUAGES } from "@/lib/agents/languages";
import { ApiError } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import { useProviders } from "@/lib/client/use-providers";
import { parseExtra, ProviderSection, type PipelineStep } from "./provider-section";

type Kind = "stt" | "ai" | "tts";
interface FormValues {
  name: string;
  description: string;
  language: string;
  wakeWord: string;
  manualActivation: boolean;
  transcript: boolean;
  stt: PipelineStep;
  ai: PipelineStep;
  tts: PipelineStep;
  meetingPlatform: "zoom" | "teams" | "meet";
  requireConfirmation: boolean;
  accessControlEnabled: boolean;
  whitelist: string;
  zoomAppKey: string;
  zoomAppSecret: string;
}

const SELECT = "w-full rounded-md border border-[var(--border)] bg-[var(--surface)] px-3 py-2 text-sm focus:outline-2 focus:outline-primary";
const step = (providerId: string, extra: unknown = {}): PipelineStep => ({ providerId, apiKey: "", clearKey: false, extraText: JSON.stringify(extra, null, 2) });

function initial(agent: Agent | undefined, defaults: Record<Kind, string>): FormValues {
  return {
    name: agent?.name ?? "",
    description: agent?.description ?? "",
    language: agent?.language ?? "en",
    wakeWord: agent?.wakeWord ?? "",
    manualActivation: agent?.manualActivation ?? false,
    transcript: agent?.transcript ?? true,
    stt: step(agent?.sttProviderId ?? defaults.stt, agent?.sttExtraParams ?? {}),
    ai: step(agent?.aiProviderId ?? defaults.ai, agent?.aiExtraParams ?? {}),
    tts: step(agent?.ttsProviderId ?? defaults.tts, agent?.ttsExtraParams ?? {}),
    meetingPlatform: agent?.meetingPlatform ?? "meet",
    requireConfirmation: agent?.requireConfirmation ?? false,
    accessControlEnabled: agent?.accessControlEnabled ?? false,
    whitelist: (agent?.whitelistedEmails ?? []).join("\n"),
    zoomAppKey: agent?.zoomAppKey ?? "",
    zoomAppSecret: "",
  };
}

function body(v: FormValues) {
  const out: Record<string, unknown> = {
    name: v.name,
    description: v.description,
    language: v.language,
    wakeWord: v.wakeWord,
    manualActivation: v.manualActivation,
    transcript: v.transcript,
    meetingPlatform: v.meetingPlatform,
    requireConfirmation: v.requireConfirmation,
    accessControlEnabled: v.accessControlEnabled,
    whitelistedEmails: v.whitelist.split(/[\s,;]+/).filter(Boolean),
    zoomAppKey: v.zoomAppKey,
  };
  for (const kind of ["stt", "ai", "tts"] as const) {
    out[`${kind}ProviderId`] = v[kind].providerId;
    out[`${kind}ExtraParams`] = parseExtra(v[kind].extraText) ?? {};
    // Omitted keeps the stored key, "" clears it, anything else replaces it.
    if (v[kind].apiKey) out[`${kind}ApiKey`] = v[kind].apiKey;
    else if (v[kind].clearKey) out[`${kind}ApiKey`] = "";
  }
  if (v.zoomAppSecret) out.zoomAppSecret = v.zoomAppSecret;
  return out;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <div className="flex flex-col gap-4">{children}</div>
    </Card>
  );
}

/** Create / edit form (spec §2): sections identity, voice pipeline, activation, access, platform. */
export function AgentForm({ agent }: { agent?: Agent }) {
  const t = useTranslations("agents");
  const router = useRouter();
  const store = useAgents();
  const { providers, isLoading, error: providersError } = useProviders();
  const defaults = useMemo(
    () => ({
      stt: providers.stt.find((p) => p.isDefault)?.id ?? providers.stt[0]?.id ?? "",
      ai: providers.ai.find((p) => p.isDefault)?.id ?? providers.ai[0]?.id ?? "",
      tts: providers.tts.find((p) => p.isDefault)?.id ?? providers.tts[0]?.id ?? "",
    }),
    [providers],
  );
  const [values, setValues] = useState<FormValues | null>(null);
  const [saved, setSaved] = useState<string>("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!values && !isLoading && defaults.stt) {
      const start = initial(agent, defaults);
      setValues(start);
      setSaved(JSON.stringify(start));
    }
  }, [values, isLoading, defaults, agent]);

  const dirty = values !== null && JSON.stringify(values) !== saved;
  // Unsaved changes: warn before the tab closes or reloads, and before in-app links navigate away.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    const guardLinks = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.target === "_blank" || e.defaultPrevented) return;
      if (!window.confirm(t("unsaved"))) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("click", guardLinks, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", guardLinks, true);
    };
  }, [dirty, t]);

  if (providersError) return <p role="alert" className="text-error-text">{providersError}</p>;
  if (!values) return <LoadingBlock />;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues({ ...values, [key]: value });
    setErrors((e) => ({ ...e, [key]: "" }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (["stt", "ai", "tts"].some((k) => parseExtra(values[k as Kind].extraText) === null)) return;
    setSaving(true);
    setErrors({});
    try {
      if (agent) await store.update(agent.id, body(values));
      else await store.create(body(values));
      setSaved(JSON.stringify(values));
      notifications.add({ type: "success", message: agent ? t("saved") : t("created") });
      router.push("/agents");
    } catch (err) {
      const issues = err instanceof ApiError ? ((err.body as { issues?: { path: string; message: string }[] })?.issues ?? []) : [];
      setErrors(Object.fromEntries(issues.map((i) => [i.path.startsWith("whitelistedEmails") ? "whitelistedEmails" : i.path, i.message])));
      notifications.add({ type: "error", message: err instanceof Error ? err.message : agent ? "Failed to update agent" : "Failed to register agent" });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    if (!dirty || window.confirm(t("unsaved"))) router.push("/agents");
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-4xl flex-col gap-6">
      <Section title={t("sections.identity")}>
        <TextField label={t("fields.name")} value={values.name} maxLength={80} onChange={(e) => set("name", e.target.value)} error={errors.name} />
        <TextAreaField label={t("fields.description")} hint={t("fields.descriptionHint")} rows={4} value={values.description} onChange={(e) => set("description", e.target.value)} error={errors.description} />
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-language" className="text-sm font-medium">{t("fields.language")}</label>
          <select id="agent-language" className={SELECT} value={values.language} onChange={(e) => set("language", e.target.value)}>
            {AGENT_LANGUAGES.map((l) => (
              <option key={l} value={l}>{t(`languages.${l}`)}</option>
            ))}
          </select>
        </div>
      </Section>
      <Section title={t("sections.pipeline")}>
        {(["stt", "ai", "tts"] as const).map((kind) => (
          <ProviderSection
            key={kind}
            kind={kind}
            providers={providers[kind]}
            value={values[kind]}
            onChange={(next) => set(kind, next)}
            stored={{ hasKey: Boolean(agent?.[`${kind}HasKey`]), hint: agent?.[`${kind}KeyHint`] ?? null }}
            errors={errors}
          />
        ))}
      </Section>
      <Section title={t("sections.activation")}>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.manualActivation} onChange={(e) => set("manualActivation", e.target.checked)} />
          {t("fields.manualActivation")}
        </label>
        {!values.manualActivation && (
          <TextField label={t("fields.wakeWord")} hint={t("fields.wakeWordHint")} value={values.wakeWord} onChange={(e) => set("wakeWord", e.target.value)} error={errors.wakeWord} />
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.transcript} onChange={(e) => set("transcript", e.target.checked)} />
          {t("fields.transcript")}
        </label>
      </Section>
      <Section title={t("sections.access")}>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.accessControlEnabled} onChange={(e) => set("accessControlEnabled", e.target.checked)} />
          {t("fields.accessControl")}
        </label>
        <TextAreaField label={t("fields.whitelist")} hint={t("fields.whitelistHint")} rows={3} value={values.whitelist} onChange={(e) => set("whitelist", e.target.value)} error={errors.whitelistedEmails} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.requireConfirmation} onChange={(e) => set("requireConfirmation", e.target.checked)} />
          {t("fields.requireConfirmation")}
        </label>
      </Section>
      <Section title={t("sections.platform")}>
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-platform" className="text-sm font-medium">{t("fields.platform")}</label>
          <select id="agent-platform" className={SELECT} value={values.meetingPlatform} onChange={(e) => set("meetingPlatform", e.target.value as FormValues["meetingPlatform"])}>
            <option value="zoom">Zoom</option>
            <option value="teams">Microsoft Teams</option>
            <option value="meet">Google Meet</option>
          </select>
        </div>
        {values.meetingPlatform === "zoom" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t("fields.zoomKey")} hint={t("fields.zoomHint")} value={values.zoomAppKey} onChange={(e) => set("zoomAppKey", e.target.value)} error={errors.zoomAppKey} />
            <TextField
              label={t("fields.zoomSecret")}
              type="password"
              autoComplete="off"
              value={values.zoomAppSecret}
              hint={agent?.zoomHasSecret ? t("fields.keyStored", { hint: agent.zoomSecretHint ?? "…" }) : undefined}
              onChange={(e) => set("zoomAppSecret", e.target.value)}
              error={errors.zoomAppSecret}
            />
          </div>
        )}
      </Section>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={cancel} disabled={saving}>{t("cancel")}</Button>
        <Button type="submit" loading={saving}>{saving ? t("saving") : agent ? t("save") : t("createSubmit")}</Button>
      </div>
    </form>
  );
}
