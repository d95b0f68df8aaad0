import { encryptSecret, maskSecret } from "../crypto/secrets.ts";
import type { Agent, Prisma } from "../generated/prisma/client.ts";
import type { ProviderKind } from "../providers/catalogue.ts";
import { leavingColumns } from "./leaving.ts";
import type { AgentInput } from "./schema.ts";

type SecretField = "sttApiKey" | "aiApiKey" | "ttsApiKey" | "zoomAppSecret";

/** Encrypted value and masked hint for a new secret; both null when it is cleared with "". */
function secretColumns(value: string) {
  return value === "" ? { enc: null, hint: null } : { enc: encryptSecret(value), hint: maskSecret(value) };
}

/**
 * The columns a validated input writes. A secret that is omitted keeps the stored one, "" clears it,
 * anything else is encrypted with only a masked hint kept in clear. A provider key belongs to its
 * provider: switching an agent to another provider without a new key drops the old one.
 */
export function agentColumns(input: AgentInput, stored?: Agent): Omit<Prisma.AgentUncheckedCreateInput, "userId"> {
  const data: Omit<Prisma.AgentUncheckedCreateInput, "userId"> = {
    name: input.name,
    description: input.description,
    language: input.language,
    wakeWord: input.wakeWord,
    manualActivation: input.manualActivation,
    transcript: input.transcript,
    summaries: input.summaries,
    recordMeetings: input.recordMeetings,
    timeZone: input.timeZone,
    sttProviderId: input.sttProviderId,
    sttExtraParams: (input.sttExtraParams ?? {}) as Prisma.InputJsonObject,
    aiProviderId: input.aiProviderId,
    aiExtraParams: (input.aiExtraParams ?? {}) as Prisma.InputJsonObject,
    ttsProviderId: input.ttsProviderId,
    ttsExtraParams: (input.ttsExtraParams ?? {}) as Prisma.InputJsonObject,
    meetingPlatform: input.meetingPlatform,
    joinLeadMinutes: input.joinLeadMinutes,
    requireConfirmation: input.requireConfirmation,
    whitelistedEmails: input.whitelistedEmails,
    accessControlEnabled: input.accessControlEnabled,
    zoomAppKey: input.zoomAppKey,
    ...leavingColumns(input.leaving),
    chatEntryEnabled: input.chatEntryEnabled,
    chatEntryText: input.chatEntryText,
    chatAnswerAloud: input.chatAnswerAloud,
  };
  for (const kind of ["stt", "ai", "tts"] as const satisfies ProviderKind[]) {
    const value = input[`${kind}ApiKey` as SecretField];
    const switched = stored !== undefined && stored[`${kind}ProviderId`] !== input[`${kind}ProviderId`];
    if (value === undefined && !switched) continue;
    const { enc, hint } = secretColumns(value ?? "");
    data[`${kind}ApiKeyEnc`] = enc;
    data[`${kind}ApiKeyHint`] = hint;
  }
  if (input.builtinTools !== undefined) data.builtinToolAudience = input.builtinTools as Prisma.InputJsonObject;
  if (input.zoomAppSecret !== undefined) {
    const { enc, hint } = secretColumns(input.zoomAppSecret);
    data.zoomAppSecretEnc = enc;
    data.zoomAppSecretHint = hint;
  }
  return data;
}
