import { z } from "zod";
import { deviceSessionsResponse } from "../auth/device-sessions.ts";
import { tokenResponse } from "../auth/refresh-tokens.ts";
import { tokenSchema } from "../auth/schema.ts";
import { messageResponse } from "../contract/fields.ts";
import type { Operation } from "../contract/operation.ts";
import { accountSettingsResponse } from "./account-settings.ts";
import { recordingRetentionResponse, recordingRetentionSchema } from "./set-recording-retention.ts";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "./schema.ts";

// The account's settings: password, e-mail, other sessions, the data export and deleting it all.

/** The answer after ending every other session: an access-token client gets its new token pair. */
const keptSessionResponse = messageResponse.extend({ tokens: tokenResponse.optional() });

const emailChangeConfirmedResponse = z
  .object({ status: z.enum(["confirmed", "already_confirmed"]), email: z.string(), message: z.string() })
  .meta({ id: "EmailChangeConfirmed" });

export const ACCOUNT_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/account", operationId: "getAccountSettings", tag: "Account", summary: "How the user signs in, an open e-mail change and live meetings", auth: "user", responses: { 200: accountSettingsResponse } },
  {
    method: "get", path: "/api/account/export", operationId: "exportAccountData", tag: "Account", summary: "Everything the account holds, as a JSON download (no secrets)", auth: "user",
    responses: { 200: { mediaTypes: ["application/json"], description: "A file: profile, agents without keys, meetings with transcripts, calendars, billing" } },
  },
  {
    method: "post", path: "/api/account/password", operationId: "changePassword", tag: "Account", auth: "signedIn", body: changePasswordSchema,
    summary: "Change the password (the current one is required); every other session is signed out",
    description: "The session that asks stays signed in: a browser gets its cookie re-issued, an access-token client gets a new token pair in `tokens`.",
    responses: { 200: keptSessionResponse },
  },
  { method: "get", path: "/api/account/devices", operationId: "listSignedInDevices", tag: "Account", summary: "The browsers signed in to the account, this one marked", auth: "signedIn", responses: { 200: deviceSessionsResponse } },
  {
    method: "post", path: "/api/account/devices/{id}/sign-out", operationId: "signOutDevice", tag: "Account", auth: "signedIn",
    summary: "Sign one browser out (at its next request)", description: "Not this device: sign out from it instead (409).",
    responses: { 200: messageResponse },
  },
  { method: "post", path: "/api/account/sign-out-others", operationId: "signOutOtherSessions", tag: "Account", summary: "Sign out every other browser and app", auth: "signedIn", responses: { 200: keptSessionResponse } },
  { method: "post", path: "/api/account/email", operationId: "changeEmail", tag: "Account", summary: "Change the e-mail address: a confirmation link goes to the new one", auth: "signedIn", body: changeEmailSchema, responses: { 202: messageResponse } },
  { method: "post", path: "/api/account/email/confirm", operationId: "confirmEmailChange", tag: "Account", summary: "Confirm a new e-mail address with the token from the link", auth: "public", body: tokenSchema, responses: { 200: emailChangeConfirmedResponse } },
  { method: "put", path: "/api/account/recordings", operationId: "setRecordingRetention", tag: "Account", summary: "How many days recordings are kept (null: until deleted)", auth: "user", body: recordingRetentionSchema, responses: { 200: recordingRetentionResponse } },
  { method: "post", path: "/api/account/delete", operationId: "deleteAccount", tag: "Account", summary: "Delete the account and everything in it (typed e-mail and password)", auth: "signedIn", body: deleteAccountSchema, responses: { 200: messageResponse } },
];
