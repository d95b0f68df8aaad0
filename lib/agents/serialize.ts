import type { Agent, AgentMcpServer } from "../generated/prisma/client.ts";
import { serializeMcpServer } from "../tools/stored-mcp-server.ts";
import { agentRetirements, hasRetired } from "../providers/retirements.ts";
import type { KeyProblem } from "./key-checks.ts";
import { missingKeys } from "../providers/missing-keys.ts";

export interface NextMeeting {
  id: string;
  title: string;
  meetingUrl: string;
  platform: string;
  scheduledStart: Date;
}
export interface MeetingSummary {
  /** The earliest meeting still scheduled for this agent. */
  nextMeeting: NextMeeting | null;
  /** Scheduled or running meetings: what deleting the agent would cancel. */
  openMeetings: number;
}
const NO_MEETINGS: MeetingSummary = { nextMeeting: null, openMeetings: 0 };

/** What a query must include for serializeAgent: the agent's tool servers, in the user's order. */
export const WITH_MCP_SERVERS = { mcpServers: { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] } };

/**
 * The API shape of an agent. Secrets never leave the server: only whether one is stored
 * (`sttHasKey`, …) and a masked hint (`sk-…9f2c`); for tool servers, the token's hint and the names
 * of their headers.
 */
export function serializeAgent(a: Agent & { mcpServers: AgentMcpServer[] }, meetings: MeetingSummary = NO_MEETINGS, problems: KeyProblem[] = []) {
  return {
    id: a.id,
    status: a.status,
    name: a.name,
    description: a.description,
    language: a.language,
    wakeWord: a.wakeWord,
    manualActivation: a.manualActivation,
    transcript: a.transcript,
    summaries: a.summaries,
    timeZone: a.timeZone,
    sttProviderId: a.sttProviderId,
    sttHasKey: a.sttApiKeyEnc !== null,
    sttKeyHint: a.sttApiKeyHint,
    sttExtraParams: a.sttExtraParams as Record<string, unknown>,
    aiProviderId: a.aiProviderId,
    aiHasKey: a.aiApiKeyEnc !== null,
    aiKeyHint: a.aiApiKeyHint,
    aiExtraParams: a.aiExtraParams as Record<string, unknown>,
    ttsProviderId: a.ttsProviderId,
    ttsHasKey: a.ttsApiKeyEnc !== null,
    ttsKeyHint: a.ttsApiKeyHint,
    ttsExtraParams: a.ttsExtraParams as Record<string, unknown>,
    meetingPlatform: a.meetingPlatform,
    requireConfirmation: a.requireConfirmation,
    whitelistedEmails: a.whitelistedEmails,
    accessControlEnabled: a.accessControlEnabled,
    zoomAppKey: a.zoomAppKey,
    zoomHasSecret: a.zoomAppSecretEnc !== null,
    zoomSecretHint: a.zoomAppSecretHint,
    mcpServers: a.mcpServers.map(serializeMcpServer),
    /** Models of this agent that are retired or retire within 30 days (docs/providers.md "Retiring models"). */
    retiringModels: agentRetirements(a).map((r) => ({ ...r, retired: hasRetired(r) })),
    /** Steps whose provider needs a key and has none: the agent "Needs keys" and is not sent to meetings. */
    missingKeys: missingKeys(a),
    /** Stored keys a provider refused, at the last Test key or in the last meeting (docs/providers.md "Keys an agent needs"). */
    keyProblems: problems,
    nextMeeting: meetings.nextMeeting,
    openMeetings: meetings.openMeetings,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export type AgentDto = ReturnType<typeof serializeAgent>;
