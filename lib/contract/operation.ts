import type { z } from "zod";

// What the OpenAPI document says of one route of /api. Each domain describes its own routes in its
// openapi.ts (an array of these, with the zod schemas its handlers parse input with and its response
// schemas); lib/openapi collects them and builds the document. It lives in the base so that domains
// can describe themselves without importing the http layer.

/**
 * Who may call: `user` a signed-in user by session cookie, access token or API key; `signedIn` the
 * same without API keys (managing keys and webhooks); `public` anyone; `participant` anyone holding a
 * test-room participant key; `feed` the token in the path; `stripe` Stripe's signed webhook.
 */
export type Auth = "user" | "signedIn" | "public" | "participant" | "feed" | "stripe";
export type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

/** A response that is not described by a JSON schema: its media types and what it is. */
export interface RawResponse {
  mediaTypes: string[];
  description: string;
}

export interface Operation {
  method: Method;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data alternative to the JSON body (file uploads). */
  multipart?: z.ZodType;
  /** Request headers the operation reads (besides authentication). */
  headers?: Record<string, string>;
  /** Success responses: a JSON schema, a non-JSON body, or null for no body. */
  responses: Record<number, z.ZodType | RawResponse | null>;
}

/** The media type of a Server-Sent Events stream. */
export const EVENT_STREAM = "text/event-stream";
