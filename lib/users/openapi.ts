import { profileSchema } from "../auth/schema.ts";
import type { Operation } from "../contract/operation.ts";
import { profileResponse } from "./profile.ts";

// The signed-in user's profile (GET /api/me is how every client learns who it is).

export const USER_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/me", operationId: "getProfile", tag: "Account", summary: "The signed-in user's profile and credit", auth: "user", responses: { 200: profileResponse } },
  { method: "put", path: "/api/me", operationId: "updateProfile", tag: "Account", summary: "Change the user's name", auth: "user", body: profileSchema, responses: { 200: profileResponse } },
];
