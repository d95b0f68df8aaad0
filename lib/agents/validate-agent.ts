import type { Agent } from "../generated/prisma/client.ts";
import { AppError, type ErrorIssue } from "../errors/app-error.ts";
import { issuesOf } from "../validation/parse.ts";
import { PROVIDER_KINDS, type ProviderKind } from "../providers/catalogue.ts";
import { extraParamsErrors } from "../providers/extra-params.ts";
import { getActiveProvider } from "../providers/queries.ts";
import { leavingOf, leavingOver } from "./leaving.ts";
import { agentInputSchema, type AgentInput } from "./schema.ts";

const KIND_LABEL: Record<ProviderKind, string> = { stt: "speech-to-text", ai: "AI", tts: "text-to-speech" };
const ZOOM_PAIR_MESSAGE = "Zoom app key and secret must be set together";

/** The stored agent in input shape, so an update only needs the fields it changes (secrets excluded). */
function storedInput(a: Agent): Record<string, unknown> {
  return {
    name: a.name, description: a.description, language: a.language, wakeWord: a.wakeWord,
    manualActivation: a.manualActivation, transcript: a.transcript, summaries: a.summaries, recordMeetings: a.recordMeetings, timeZone: a.timeZone,
    sttProviderId: a.sttProviderId, sttExtraParams: a.sttExtraParams,
    aiProviderId: a.aiProviderId, aiExtraParams: a.aiExtraParams,
    ttsProviderId: a.ttsProviderId, ttsExtraParams: a.ttsExtraParams,
    meetingPlatform: a.meetingPlatform, joinLeadMinutes: a.joinLeadMinutes, requireConfirmation: a.requireConfirmation,
    whitelistedEmails: a.whitelistedEmails, accessControlEnabled: a.accessControlEnabled, zoomAppKey: a.zoomAppKey,
    leaving: leavingOf(a),
    chatEntryEnabled: a.chatEntryEnabled, chatEntryText: a.chatEntryText, chatAnswerAloud: a.chatAnswerAloud,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Validates a create body, or an update body over the stored agent (omitted fields keep their
 * values). Every problem is reported at once, with its field path: one 400, nothing saved.
 */
export async function validateAgent(body: unknown, stored?: Agent): Promise<AgentInput> {
  const raw = isObject(body) && stored ? { ...storedInput(stored), ...body, ...("leaving" in body ? { leaving: leavingOver(stored, body.leaving) } : {}) } : body;
  const parsed = agentInputSchema.safeParse(raw);
  const issues: ErrorIssue[] = parsed.success ? [] : issuesOf(parsed.error);
  if (isObject(raw)) {
    const flagged = new Set(issues.map((i) => i.path.split(".")[0]));
    for (const kind of PROVIDER_KINDS) issues.push(...(await catalogueIssues(kind, raw, flagged)));
    if (!flagged.has("zoomAppKey") && !flagged.has("zoomAppSecret")) issues.push(...zoomIssues(raw, stored));
  }
  if (issues.length > 0 || !parsed.success) {
    throw new AppError("validation_error", issues[0]?.message ?? "Invalid input", { issues });
  }
  return parsed.data;
}

/** The provider id names an active provider of that kind, and the extra params fit its declared ones. */
async function catalogueIssues(kind: ProviderKind, raw: Record<string, unknown>, flagged: Set<string>): Promise<ErrorIssue[]> {
  const idField = `${kind}ProviderId`;
  const paramsField = `${kind}ExtraParams`;
  const providerId = raw[idField];
  if (flagged.has(idField) || typeof providerId !== "string") return [];
  const provider = await getActiveProvider(kind, providerId);
  if (!provider) return [{ path: idField, message: `Choose an active ${KIND_LABEL[kind]} provider` }];
  return extraParamsErrors(provider.extraParams, raw[paramsField] ?? {}).map((e) => ({
    path: e.param ? `${paramsField}.${e.param}` : paramsField,
    message: e.message,
  }));
}

/** A Zoom app key needs its secret and the other way round, counting a stored secret the update keeps. */
function zoomIssues(raw: Record<string, unknown>, stored?: Agent): ErrorIssue[] {
  const key = typeof raw.zoomAppKey === "string" ? raw.zoomAppKey.trim() : "";
  const secret = raw.zoomAppSecret;
  const hasSecret = secret === undefined ? Boolean(stored?.zoomAppSecretEnc) : typeof secret === "string" && secret.trim() !== "";
  if (Boolean(key) === hasSecret) return [];
  return [{ path: key ? "zoomAppSecret" : "zoomAppKey", message: ZOOM_PAIR_MESSAGE }];
}
