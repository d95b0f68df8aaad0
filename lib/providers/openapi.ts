import { z } from "zod";
import type { Operation } from "../contract/operation.ts";
import { providerDefaultsResponse, providerResponse } from "./queries.ts";

// The providers an agent's pipeline can use. Testing a key and listing a key's models take an agent's
// stored key, so they are the agents' (lib/agents/openapi.ts).

export const PROVIDER_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/providers/{kind}", operationId: "listProviders", tag: "Agents", summary: "Active providers of one kind (stt, ai or tts)", auth: "user", responses: { 200: z.array(providerResponse) } },
  { method: "get", path: "/api/providers/defaults", operationId: "providerDefaults", tag: "Agents", summary: "Each kind's default provider and model", auth: "user", responses: { 200: providerDefaultsResponse } },
];
