import { z } from "zod";
import type { Operation } from "../contract/operation.ts";
import { deletedWithMeetingsResponse } from "../meetings/serialize.ts";
import { keyCheckResponse } from "../providers/verify-key.ts";
import { keyInputSchema } from "./key-input.ts";
import { accountModelsResponse } from "./list-account-models.ts";
import { agentInputSchema, statusSchema } from "./schema.ts";
import { botSessionInputSchema } from "./parse-bot-session.ts";
import { agentResponse } from "./serialize.ts";

// Agents, and what their form asks of a provider with a typed or stored key ("Test key", the key's models).

export const AGENT_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/agents", operationId: "listAgents", tag: "Agents", summary: "The user's agents", auth: "user", responses: { 200: z.array(agentResponse) } },
  { method: "post", path: "/api/agents", operationId: "createAgent", tag: "Agents", summary: "Register an agent", auth: "user", body: agentInputSchema, responses: { 201: agentResponse } },
  { method: "get", path: "/api/agents/{id}", operationId: "getAgent", tag: "Agents", summary: "One agent", auth: "user", responses: { 200: agentResponse } },
  { method: "put", path: "/api/agents/{id}", operationId: "updateAgent", tag: "Agents", summary: "Change an agent (an omitted key keeps the stored one, \"\" clears it)", auth: "user", body: agentInputSchema, responses: { 200: agentResponse } },
  { method: "delete", path: "/api/agents/{id}", operationId: "deleteAgent", tag: "Agents", summary: "Delete an agent, cancelling its open meetings", auth: "user", responses: { 200: deletedWithMeetingsResponse } },
  { method: "patch", path: "/api/agents/{id}/status", operationId: "setAgentStatus", tag: "Agents", summary: "Pause or resume an agent", auth: "user", body: statusSchema, responses: { 200: agentResponse } },
  { method: "put", path: "/api/agents/{id}/bot-session", operationId: "setAgentBotSession", tag: "Agents", summary: "Sign the agent's bot in: a Google or Microsoft browser session (a Playwright storageState file's text), stored encrypted, never returned; only the provider's own cookies and origins are kept", auth: "user", body: botSessionInputSchema, responses: { 200: agentResponse } },
  { method: "delete", path: "/api/agents/{id}/bot-session", operationId: "removeAgentBotSession", tag: "Agents", summary: "Sign the agent's bot out (delete its stored browser session)", auth: "user", responses: { 200: agentResponse } },
  { method: "post", path: "/api/providers/{kind}/{providerId}/verify", operationId: "verifyProviderKey", tag: "Agents", summary: "Test a provider key with the provider's cheapest call", auth: "user", body: keyInputSchema, responses: { 200: keyCheckResponse } },
  { method: "post", path: "/api/providers/{kind}/{providerId}/models", operationId: "listAccountModels", tag: "Agents", summary: "The models and voices a key can use at the provider, the catalogue's as the fallback", auth: "user", body: keyInputSchema, responses: { 200: accountModelsResponse } },
];
