import type { Agent } from "@/lib/client/use-agents";
import type { ProviderDefaults } from "@/lib/client/use-providers";
import type { ProviderKind } from "@/lib/providers/catalogue";

export const KINDS = ["stt", "ai", "tts"] as const satisfies readonly ProviderKind[];
export type Platform = Agent["meetingPlatform"];
export const PLATFORMS: Platform[] = ["zoom", "teams", "meet"];

/** One step of the voice pipeline as the form edits it. */
export interface PipelineStep {
  providerId: string;
  /** A newly typed key; empty keeps the stored one. */
  apiKey: string;
  clearKey: boolean;
  /** The extra params as JSON text (the editor's content). */
  extraText: string;
}

export interface FormValues {
  name: string;
  description: string;
  language: string;
  wakeWord: string;
  manualActivation: boolean;
  transcript: boolean;
  stt: PipelineStep;
  ai: PipelineStep;
  tts: PipelineStep;
  meetingPlatform: Platform;
  requireConfirmation: boolean;
  accessControlEnabled: boolean;
  whitelist: string;
  zoomAppKey: string;
  zoomAppSecret: string;
  clearZoomSecret: boolean;
}

export const paramsText = (params: Record<string, unknown>) => (Object.keys(params).length === 0 ? "{}" : JSON.stringify(params, null, 2));
const step = (providerId: string, params: Record<string, unknown>): PipelineStep => ({ providerId, apiKey: "", clearKey: false, extraText: paramsText(params) });

/** The form's starting values: the agent being edited, or the catalogue's defaults for a new one. */
export function initialValues(agent: Agent | undefined, defaults: ProviderDefaults | null): FormValues {
  const provider = (kind: ProviderKind) => agent?.[`${kind}ProviderId`] ?? defaults?.[kind]?.providerId ?? "";
  return {
    name: agent?.name ?? "",
    description: agent?.description ?? "",
    language: agent?.language ?? "en",
    wakeWord: agent?.wakeWord ?? "",
    manualActivation: agent?.manualActivation ?? false,
    transcript: agent?.transcript ?? true,
    stt: step(provider("stt"), agent?.sttExtraParams ?? {}),
    ai: step(provider("ai"), agent?.aiExtraParams ?? {}),
    tts: step(provider("tts"), agent?.ttsExtraParams ?? {}),
    meetingPlatform: agent?.meetingPlatform ?? "meet",
    requireConfirmation: agent?.requireConfirmation ?? false,
    accessControlEnabled: agent?.accessControlEnabled ?? false,
    whitelist: (agent?.whitelistedEmails ?? []).join("\n"),
    zoomAppKey: agent?.zoomAppKey ?? "",
    zoomAppSecret: "",
    clearZoomSecret: false,
  };
}

/** The editor's text as a JSON object, or null when it is not one. Empty text is {}. */
export function parseParams(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = text.trim() ? JSON.parse(text) : {};
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The request body. Keys follow the API's rule: omitted keeps the stored key, "" clears it, any
 * other value replaces it.
 */
export function requestBody(v: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name,
    description: v.description,
    language: v.language,
    wakeWord: v.manualActivation && !v.wakeWord.trim() ? null : v.wakeWord,
    manualActivation: v.manualActivation,
    transcript: v.transcript,
    meetingPlatform: v.meetingPlatform,
    requireConfirmation: v.requireConfirmation,
    accessControlEnabled: v.accessControlEnabled,
    whitelistedEmails: v.whitelist.split(/[\s,;]+/).filter(Boolean),
    zoomAppKey: v.zoomAppKey,
  };
  for (const kind of KINDS) {
    body[`${kind}ProviderId`] = v[kind].providerId;
    body[`${kind}ExtraParams`] = parseParams(v[kind].extraText) ?? {};
    if (v[kind].apiKey.trim()) body[`${kind}ApiKey`] = v[kind].apiKey;
    else if (v[kind].clearKey) body[`${kind}ApiKey`] = "";
  }
  if (v.zoomAppSecret.trim()) body.zoomAppSecret = v.zoomAppSecret;
  else if (v.clearZoomSecret) body.zoomAppSecret = "";
  return body;
}

/** Server issues by form field: "whitelistedEmails.2" belongs to the e-mail list; extra params keep their path. */
export function issuesByField(issues: { path: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { path, message } of issues) {
    const field = path.startsWith("whitelistedEmails") ? "whitelistedEmails" : /^(stt|ai|tts)ExtraParams/.test(path) ? path.split(".")[0] : path;
    (out[field] ??= []).push(message);
  }
  return out;
}
