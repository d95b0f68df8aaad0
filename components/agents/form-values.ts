import { EMAIL_PATTERN } from "@/lib/auth/email-pattern";
import { canonicalTimeZone } from "@/lib/agents/time-zone";
import type { Agent } from "@/lib/client/use-agents";
import type { Provider, ProviderDefaults } from "@/lib/client/use-providers";
import type { ProviderKind } from "@/lib/providers/catalogue";
import { leavingRequest, leavingValues, type LeavingValues } from "./leaving-values";
import { builtinAudiences } from "@/lib/tools/tool-policies";
import type { ToolAudience } from "@/lib/tools/tool-rights";
import { parseHeaderLines, serverRequest, storedServerValues, type McpServerValues } from "./tool-values";

export const KINDS = ["stt", "ai", "tts"] as const satisfies readonly ProviderKind[];
export type Platform = Agent["meetingPlatform"];
export const PLATFORMS: Platform[] = ["zoom", "teams", "meet"];

/** One step of the voice pipeline as the form edits it. */
export interface PipelineStep {
  providerId: string;
  /** A newly typed key; empty keeps the stored one. */
  apiKey: string;
  clearKey: boolean;
  /** What the form's own fields hold, by param name ("model", "baseUrl", "voiceId", "voice"); kept out of the editor. */
  picks: Record<string, string>;
  /** The other extra params as JSON text (the editor's content). */
  extraText: string;
}

export interface FormValues {
  name: string;
  description: string;
  language: string;
  wakeWord: string;
  manualActivation: boolean;
  transcript: boolean;
  summaries: boolean;
  recordMeetings: boolean;
  timeZone: string;
  stt: PipelineStep;
  ai: PipelineStep;
  tts: PipelineStep;
  meetingPlatform: Platform;
  /** "Join N minutes before the start": "" is the server's default, else "0"–"15". */
  joinLeadMinutes: string;
  requireConfirmation: boolean;
  accessControlEnabled: boolean;
  whitelist: string;
  zoomAppKey: string;
  zoomAppSecret: string;
  clearZoomSecret: boolean;
  mcpServers: McpServerValues[];
  leaving: LeavingValues;
  /** Who may use each built-in tool (docs/tools.md, "Who may use which tool"). */
  builtinTools: Record<string, ToolAudience>;
  /** The meeting's chat (docs/bots.md, "Chat"): the entry message (empty: the default) and answers aloud. */
  chatEntryEnabled: boolean;
  chatEntryText: string;
  chatAnswerAloud: boolean;
}

/** The browser's own time zone: where a new agent most likely works. */
export function browserTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? "UTC";
  } catch {
    return "UTC";
  }
}

export const paramsText = (params: Record<string, unknown>) => (Object.keys(params).length === 0 ? "{}" : JSON.stringify(params, null, 2));

/**
 * The param the Voice field writes: a list of the provider's voices, or a text field for a server of
 * the user's own (OpenAI-compatible), whose voices Cohost cannot list.
 */
export function voiceParam(provider: Provider | undefined): string | undefined {
  return provider?.extraParams.find((p) => p.name === "voiceId" || p.name === "voice")?.name;
}

/** The params that have fields of their own in the form (model, base URL, voice), kept out of the JSON editor. */
export function fieldParams(provider: Provider | undefined): string[] {
  const names = ["model"];
  if (provider?.extraParams.some((p) => p.name === "baseUrl")) names.push("baseUrl");
  const voice = voiceParam(provider);
  if (voice) names.push(voice);
  return names;
}

/**
 * Splits stored params into what the form's own fields show (model, base URL, voice: any text
 * value, a custom model or cloned voice included) and the rest for the JSON editor.
 */
export function splitParams(params: Record<string, unknown>, provider: Provider | undefined): { picks: Record<string, string>; rest: Record<string, unknown> } {
  const picks: Record<string, string> = {};
  const rest = { ...params };
  for (const name of fieldParams(provider)) {
    const value = rest[name];
    if (typeof value !== "string" || !value) continue;
    picks[name] = value;
    delete rest[name];
  }
  return { picks, rest };
}

/** The params a step sends: the editor's object with the pickers' choices on top; null when the editor is not an object. */
export function stepParams(step: PipelineStep): Record<string, unknown> | null {
  const parsed = parseParams(step.extraText);
  return parsed && { ...parsed, ...step.picks };
}

const step = (providerId: string, params: Record<string, unknown>, provider: Provider | undefined): PipelineStep => {
  const { picks, rest } = splitParams(params, provider);
  return { providerId, apiKey: "", clearKey: false, picks, extraText: paramsText(rest) };
};

/** The form's starting values: the agent being edited, or the catalogue's defaults for a new one. */
export function initialValues(agent: Agent | undefined, defaults: ProviderDefaults | null, providers?: Record<ProviderKind, Provider[]>): FormValues {
  const provider = (kind: ProviderKind) => agent?.[`${kind}ProviderId`] ?? defaults?.[kind]?.providerId ?? "";
  const entry = (kind: ProviderKind) => providers?.[kind].find((p) => p.id === provider(kind));
  return {
    name: agent?.name ?? "",
    description: agent?.description ?? "",
    language: agent?.language ?? "en",
    wakeWord: agent?.wakeWord ?? "",
    manualActivation: agent?.manualActivation ?? false,
    transcript: agent?.transcript ?? true,
    summaries: agent?.summaries ?? true,
    recordMeetings: agent?.recordMeetings ?? false,
    timeZone: agent ? (canonicalTimeZone(agent.timeZone) ?? agent.timeZone) : browserTimeZone(),
    stt: step(provider("stt"), agent?.sttExtraParams ?? {}, entry("stt")),
    ai: step(provider("ai"), agent?.aiExtraParams ?? {}, entry("ai")),
    tts: step(provider("tts"), agent?.ttsExtraParams ?? {}, entry("tts")),
    meetingPlatform: agent?.meetingPlatform ?? "meet",
    joinLeadMinutes: agent?.joinLeadMinutes == null ? "" : String(agent.joinLeadMinutes),
    requireConfirmation: agent?.requireConfirmation ?? false,
    accessControlEnabled: agent?.accessControlEnabled ?? false,
    whitelist: (agent?.whitelistedEmails ?? []).join("\n"),
    zoomAppKey: agent?.zoomAppKey ?? "",
    zoomAppSecret: "",
    clearZoomSecret: false,
    mcpServers: (agent?.mcpServers ?? []).map(storedServerValues),
    leaving: leavingValues(agent?.leaving),
    builtinTools: builtinAudiences(agent?.builtinTools ?? {}),
    chatEntryEnabled: agent?.chatEntryEnabled ?? true,
    chatEntryText: agent?.chatEntryText ?? "",
    chatAnswerAloud: agent?.chatAnswerAloud ?? false,
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
    summaries: v.summaries,
    recordMeetings: v.recordMeetings,
    timeZone: v.timeZone,
    meetingPlatform: v.meetingPlatform,
    joinLeadMinutes: v.joinLeadMinutes === "" ? null : Number(v.joinLeadMinutes),
    requireConfirmation: v.requireConfirmation,
    accessControlEnabled: v.accessControlEnabled,
    whitelistedEmails: emailEntries(v.whitelist),
    zoomAppKey: v.zoomAppKey,
  };
  for (const kind of KINDS) {
    body[`${kind}ProviderId`] = v[kind].providerId;
    body[`${kind}ExtraParams`] = stepParams(v[kind]) ?? {};
    if (v[kind].apiKey.trim()) body[`${kind}ApiKey`] = v[kind].apiKey;
    else if (v[kind].clearKey) body[`${kind}ApiKey`] = "";
  }
  if (v.zoomAppSecret.trim()) body.zoomAppSecret = v.zoomAppSecret;
  else if (v.clearZoomSecret) body.zoomAppSecret = "";
  body.mcpServers = v.mcpServers.map(serverRequest);
  body.leaving = leavingRequest(v.leaving);
  body.builtinTools = v.builtinTools;
  body.chatEntryEnabled = v.chatEntryEnabled;
  body.chatEntryText = v.chatEntryText.trim() || null;
  body.chatAnswerAloud = v.chatAnswerAloud;
  return body;
}

/** A stored key's hint when it shows anything: keys under 12 characters are masked to a bare "…". */
export function visibleHint(hint: string | null | undefined): string | null {
  return hint && hint.replace(/…/g, "") ? hint : null;
}

/** The organiser list's entries: commas, semicolons or new lines separate them; spaces inside an entry stay. */
export function emailEntries(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** Entries that are not e-mail addresses, each named once as typed. */
export function invalidEmailEntries(text: string): string[] {
  return [...new Set(emailEntries(text).filter((e) => !EMAIL_PATTERN.test(e)))];
}

/** Headers typed as "Name: value" lines that are not: the rows with a problem, by server index. */
export function invalidHeaderRows(servers: McpServerValues[]): number[] {
  return servers.flatMap((s, i) => (s.headersText.trim() && parseHeaderLines(s.headersText) === null ? [i] : []));
}

/** Params with a field of their own: their server issues stand under that field. */
const OWN_FIELD_PARAMS = /^(stt|ai|tts)ExtraParams\.(model|baseUrl|voice|voiceId)$/;

/**
 * Server issues by form field: "whitelistedEmails.2" belongs to the e-mail list; "aiExtraParams.model"
 * (and base URL, voice) to its own field; other extra params to the step's JSON editor; a tool
 * server's issues belong to its field ("mcpServers.1.url"), its headers' to its headers field.
 */
export function issuesByField(issues: { path: string; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { path, message } of issues) {
    const server = /^mcpServers\.(\d+)\.(\w+)/.exec(path);
    const field = path.startsWith("whitelistedEmails")
      ? "whitelistedEmails"
      : OWN_FIELD_PARAMS.test(path)
        ? path
        : /^(stt|ai|tts)ExtraParams/.test(path)
          ? path.split(".")[0]
          : server
            ? `mcpServers.${server[1]}.${server[2]}`
            : path;
    (out[field] ??= []).push(message);
  }
  return out;
}
