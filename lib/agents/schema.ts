import { z } from "zod";
import { AGENT_LANGUAGES } from "./languages.ts";

const EMAIL = /^\S+@\S+\.\S+$/;
const secret = z.string({ error: "Keys must be text" }).max(500, "Keys must be at most 500 characters").optional();
const params = z.unknown().optional();

// Field-level rules that need no database; provider ids and extra params are checked against the
// catalogue in validate-agent.ts.
export const agentInputSchema = z
  .object({
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80, "Name must be at most 80 characters"),
    description: z.string().trim().max(4000, "Description must be at most 4000 characters").default(""),
    language: z.enum(AGENT_LANGUAGES, { error: "Choose a supported language" }).default("en"),
    wakeWord: z.string().trim().max(50, "Wake word must be at most 50 characters").nullish(),
    manualActivation: z.boolean().default(false),
    transcript: z.boolean().default(true),
    sttProviderId: z.string({ error: "Choose a speech-to-text provider" }).min(1, "Choose a speech-to-text provider"),
    sttApiKey: secret,
    sttExtraParams: params,
    aiProviderId: z.string({ error: "Choose an AI provider" }).min(1, "Choose an AI provider"),
    aiApiKey: secret,
    aiExtraParams: params,
    ttsProviderId: z.string({ error: "Choose a text-to-speech provider" }).min(1, "Choose a text-to-speech provider"),
    ttsApiKey: secret,
    ttsExtraParams: params,
    meetingPlatform: z.enum(["zoom", "teams", "meet"], { error: "Choose zoom, teams or meet" }).default("meet"),
    requireConfirmation: z.boolean().default(false),
    whitelistedEmails: z.array(z.string().trim(), { error: "Whitelisted e-mails must be a list" }).max(200, "At most 200 e-mails").default([]),
    accessControlEnabled: z.boolean().default(false),
    zoomAppKey: z.string().trim().max(200).nullish(),
    zoomAppSecret: secret,
  })
  .superRefine((a, ctx) => {
    if (!a.manualActivation && !a.wakeWord) {
      ctx.addIssue({ code: "custom", path: ["wakeWord"], message: "Wake word is required unless manual activation is on" });
    }
    a.whitelistedEmails.forEach((email, i) => {
      if (!EMAIL.test(email)) ctx.addIssue({ code: "custom", path: ["whitelistedEmails", i], message: `Invalid e-mail address: ${email}` });
    });
  });

export type AgentInput = z.infer<typeof agentInputSchema>;

export const statusSchema = z.object({ status: z.enum(["active", "paused"], { error: 'Status must be "active" or "paused"' }) });
