import { z } from "zod";
import type { Operation } from "../contract/operation.ts";
import { createApiKeySchema } from "./schema.ts";
import { apiKeyResponse, createdApiKeyResponse } from "./serialize.ts";

// Personal API keys: managed by a signed-in user, never with an API key.

export const API_KEY_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/api-keys", operationId: "listApiKeys", tag: "Developers", summary: "The user's API keys (never the keys themselves)", auth: "signedIn", responses: { 200: z.array(apiKeyResponse) } },
  { method: "post", path: "/api/api-keys", operationId: "createApiKey", tag: "Developers", summary: "Create an API key: the key is in this answer only", auth: "signedIn", body: createApiKeySchema, responses: { 201: createdApiKeyResponse } },
  { method: "delete", path: "/api/api-keys/{id}", operationId: "revokeApiKey", tag: "Developers", summary: "Revoke an API key at once", auth: "signedIn", responses: { 200: apiKeyResponse } },
  { method: "post", path: "/api/api-keys/{id}/remove", operationId: "removeApiKey", tag: "Developers", summary: "Remove a revoked or expired key from the list (409 while it still works)", auth: "signedIn", responses: { 204: null } },
];
