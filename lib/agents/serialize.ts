import type { Agent } from "../generated/prisma/client.ts";

/** The API shape of an agent: secrets never leave the server, only whether one is set and a hint. */
export function serializeAgent(a: Agent, nextMeeting: { id: string; title: string; scheduledStart: Date } | null = null) {
  return {
    id: a.id,
    status: a.status,
    name: a.name,
    description: a.description,
    language: a.language,
    wakeWord: a.wakeWord,
    manualActivation: a.manualActivation,
    transcript: a.transcript,
    sttProviderId: a.sttProviderId,
    sttHasKey: Boolean(a.sttApiKeyEnc),
    sttKeyHint: a.sttApiKeyHint,
    sttExtraParams: a.sttExtraParams,
    aiProviderId: a.aiProviderId,
    aiHasKey: Boolean(a.aiApiKeyEnc),
    aiKeyHint: a.aiApiKeyHint,
    aiExtraParams: a.aiExtraParams,
    ttsProviderId: a.ttsProviderId,
    ttsHasKey: Boolean(a.ttsApiKeyEnc),
    ttsKeyHint: a.ttsApiKeyHint,
    ttsExtraParams: a.ttsExtraParams,
    meetingPlatform: a.meetingPlatform,
    requireConfirmation: a.requireConfirmation,
    whitelistedEmails: a.whitelistedEmails,
    accessControlEnabled: a.accessControlEnabled,
    zoomAppKey: a.zoomAppKey,
    zoomHasSecret: Boolean(a.zoomAppSecretEnc),
    zoomSecretHint: a.zoomAppSecretHint,
    nextMeeting,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export type AgentDto = ReturnType<typeof serializeAgent>;
