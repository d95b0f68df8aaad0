import { z } from "zod";
import { EMAIL_PATTERN } from "../auth/email-pattern.ts";
import { mcpServersSchema } from "../tools/mcp-server-input.ts";
import { builtinToolsSchema } from "../tools/tool-policies.ts";
import { AGENT_LANGUAGES } from "./languages.ts";
import { leavingSchema } from "./leaving.ts";
import { canonicalTimeZone } from "./time-zone.ts";
import { MAX_JOIN_LEAD_MINUTES } from "./join-lead-limit.ts";

// A secret in a create/update body: omitted keeps the stored one, "" clears it (see agent-columns.ts).
const secret = z.string({ error: "Keys must be text" }).trim().max(500, "Keys must be at most 500 characters").optional();
// Extra params are checked against the provider's declared parameters in validate-agent.ts.
const params = z.unknown().optional();
const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/**
 * Field-level rules that need no database. Provider ids, extra params and the Zoom key/secret pair
 * are checked in validate-agent.ts.
 */
export const agentInputSchema = z
  .object(
    {
      name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80, "Name must be at most 80 characters"),
      description: z.string({ error: "Description must be text" }).trim().max(4000, "Description must be at most 4000 characters").default(""),
      language: z.enum(AGENT_LANGUAGES, { error: "Choose a supported language" }).default("en"),
      wakeWord: z.string({ error: "Wake word must be text" }).trim().max(50, "Wake word must be at most 50 characters").nullish(),
      manualActivation: flag("manualActivation").default(false),
      transcript: flag("transcript").default(true),
      summaries: flag("summaries").default(true),
      recordMeetings: flag("recordMeetings").default(false),
      timeZone: z
        .string({ error: "Choose a time zone" })
        .trim()
        .max(100, "Choose a time zone")
        .default("UTC")
        .transform((zone, ctx) => {
          const canonical = canonicalTimeZone(zone);
          if (!canonical) ctx.addIssue({ code: "custom", message: `Unknown time zone: ${zone}` });
          return canonical ?? zone;
        }),
      // Omitted on update: the stored servers stay as they are.
      mcpServers: mcpServersSchema.optional(),
      // Who may use each built-in tool (docs/tools.md); omitted on update: the stored choices stay.
      builtinTools: builtinToolsSchema.optional(),
      sttProviderId: z.string({ error: "Choose a speech-to-text provider" }).min(1, "Choose a speech-to-text provider"),
      sttApiKey: secret,
      sttExtraParams: params,
      aiProviderId: z.string({ error: "Choose an AI provider" }).min(1, "Choose an AI provider"),
      aiApiKey: secret,
      aiExtraParams: params,
      ttsProviderId: z.string({ error: "Choose a text-to-speech provider" }).min(1, "Choose a text-to-speech provider"),
      ttsApiKey: secret,
      ttsExtraParams: params,
      // "Test key" proofs of the typed keys (key-proof.ts): a proven key is saved as tested.
      keyProofs: z
        .object({ stt: z.string().max(100).optional(), ai: z.string().max(100).optional(), tts: z.string().max(100).optional() }, { error: "Key proofs must be an object" })
        .optional(),
      meetingPlatform: z.enum(["zoom", "teams", "meet"], { error: "Choose zoom, teams or meet" }).default("meet"),
      // "Join N minutes before the start" of scheduled meetings; null or omitted on create: the operator's MEETING_JOIN_LEAD_SECONDS.
      joinLeadMinutes: z
        .int({ error: `The join lead time must be a whole number of minutes from 0 to ${MAX_JOIN_LEAD_MINUTES}` })
        .min(0, `The join lead time must be a whole number of minutes from 0 to ${MAX_JOIN_LEAD_MINUTES}`)
        .max(MAX_JOIN_LEAD_MINUTES, `The join lead time must be a whole number of minutes from 0 to ${MAX_JOIN_LEAD_MINUTES}`)
        .nullish()
        .meta({ description: `Minutes before a scheduled meeting's start the agent joins (0–${MAX_JOIN_LEAD_MINUTES}); null: the server's default (MEETING_JOIN_LEAD_SECONDS, 2 minutes unless set). Applies to meetings scheduled afterwards.` }),
      requireConfirmation: flag("requireConfirmation").default(false),
      whitelistedEmails: z
        .array(z.string({ error: "E-mail addresses must be text" }).trim(), { error: "Whitelisted e-mails must be a list" })
        .max(200, "At most 200 e-mails")
        .default([]),
      accessControlEnabled: flag("accessControlEnabled").default(false),
      zoomAppKey: z.string({ error: "Zoom app key must be text" }).trim().max(200, "Zoom app key must be at most 200 characters").nullish(),
      zoomAppSecret: secret,
      // Omitted on create: the defaults; on update: the stored rules stay.
      leaving: leavingSchema.prefault({}),
      // The meeting's chat (docs/bots.md, "Chat").
      chatEntryEnabled: flag("chatEntryEnabled").default(true),
      chatEntryText: z.string({ error: "The entry message must be text" }).trim().max(500, "The entry message must be at most 500 characters").nullish(),
      chatAnswerAloud: flag("chatAnswerAloud").default(false),
    },
    { error: "The request body must be a JSON object" },
  )
  .superRefine((a, ctx) => {
    if (!a.manualActivation && !a.wakeWord) {
      ctx.addIssue({ code: "custom", path: ["wakeWord"], message: "Wake word is required unless manual activation is on" });
    }
    a.whitelistedEmails.forEach((email, i) => {
      if (!EMAIL_PATTERN.test(email)) ctx.addIssue({ code: "custom", path: ["whitelistedEmails", i], message: `Invalid e-mail address: ${email}` });
    });
  })
  // Organisers are matched case-insensitively, so the list is kept lower-cased and without repeats.
  .transform((a) => ({
    ...a,
    wakeWord: a.wakeWord || null,
    zoomAppKey: a.zoomAppKey || null,
    chatEntryText: a.chatEntryText || null,
    joinLeadMinutes: a.joinLeadMinutes ?? null,
    whitelistedEmails: [...new Set(a.whitelistedEmails.map((e) => e.toLowerCase()))],
  }));

export type AgentInput = z.infer<typeof agentInputSchema>;

export const statusSchema = z.object(
  { status: z.enum(["active", "paused"], { error: 'Status must be "active" or "paused"' }) },
  { error: "The request body must be a JSON object" },
);
