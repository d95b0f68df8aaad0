import { encryptSecret, maskSecret } from "../crypto/secrets.ts";
import { AppError } from "../http/errors.ts";
import type { AgentInput } from "./schema.ts";

type SecretColumns = { enc: string; hint: string };
const SECRET_FIELDS: [keyof AgentInput, SecretColumns][] = [
  ["sttApiKey", { enc: "sttApiKeyEnc", hint: "sttApiKeyHint" }],
  ["aiApiKey", { enc: "aiApiKeyEnc", hint: "aiApiKeyHint" }],
  ["ttsApiKey", { enc: "ttsApiKeyEnc", hint: "ttsApiKeyHint" }],
  ["zoomAppSecret", { enc: "zoomAppSecretEnc", hint: "zoomAppSecretHint" }],
];

/**
 * The columns an input writes. A secret that is omitted keeps the stored one; "" clears it; any
 * other value is encrypted, and only a masked hint is kept in clear.
 */
export function agentColumns(input: AgentInput, stored?: { zoomAppSecretEnc: string | null }) {
  const emails = [...new Set(input.whitelistedEmails.map((e) => e.toLowerCase()))];
  const data: Record<string, unknown> = {
    name: input.name,
    description: input.description,
    language: input.language,
    wakeWord: input.wakeWord || null,
    manualActivation: input.manualActivation,
    transcript: input.transcript,
    sttProviderId: input.sttProviderId,
    sttExtraParams: input.sttExtraParams ?? {},
    aiProviderId: input.aiProviderId,
    aiExtraParams: input.aiExtraParams ?? {},
    ttsProviderId: input.ttsProviderId,
    ttsExtraParams: input.ttsExtraParams ?? {},
    meetingPlatform: input.meetingPlatform,
    requireConfirmation: input.requireConfirmation,
    whitelistedEmails: emails,
    accessControlEnabled: input.accessControlEnabled,
    zoomAppKey: input.zoomAppKey || null,
  };
  for (const [field, cols] of SECRET_FIELDS) {
    const value = input[field] as string | undefined;
    if (value === undefined) continue;
    data[cols.enc] = value === "" ? null : encryptSecret(value);
    data[cols.hint] = value === "" ? null : maskSecret(value);
  }
  // Zoom key and secret go together, counting a stored secret the update keeps.
  const hasSecret = input.zoomAppSecret === undefined ? Boolean(stored?.zoomAppSecretEnc) : input.zoomAppSecret !== "";
  if (Boolean(input.zoomAppKey) !== hasSecret) {
    const message = "Zoom app key and secret must be set together";
    throw new AppError("validation_error", message, { issues: [{ path: input.zoomAppKey ? "zoomAppSecret" : "zoomAppKey", message }] });
  }
  return data;
}
