import { z } from "zod";

export const API_KEY_SCOPES = ["read", "full"] as const;
export const MAX_API_KEYS = 50;

/** POST /api/api-keys */
export const createApiKeySchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(80, "Name must be at most 80 characters"),
    scope: z.enum(API_KEY_SCOPES, { error: "Scope must be read or full" }),
    expiresAt: z.iso
      .datetime({ offset: true, error: "expiresAt must be an ISO date and time, e.g. 2027-01-31T00:00:00Z" })
      .nullish()
      .refine((v) => v == null || Date.parse(v) > Date.now(), "expiresAt must be in the future"),
  })
  .meta({ id: "CreateApiKey" });

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
