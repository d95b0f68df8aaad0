"use client";
// The browser's fetch wrapper for /api. JSON in and out; failures become ApiError carrying the
// server's message (spec §7: "use the server message if present"). Session refresh and the
// one-retry-on-401 rule live in ./session.ts and are applied here.
import { ensureFreshSession, handleUnauthorized } from "./session";

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === "object") {
    const b = body as { message?: unknown; error?: unknown };
    if (typeof b.message === "string" && b.message) return b.message;
    if (typeof b.error === "string" && b.error) return b.error;
  }
  return undefined;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return fetch(path, { ...init, headers, credentials: "same-origin" });
}

/** The answer's JSON (or its text when it is not JSON; null when empty). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

const failure = (response: Response, body: unknown, fallback?: string) =>
  new ApiError(response.status, serverMessage(body) ?? fallback ?? "Something went wrong. Please try again later.", body);

/**
 * Calls the API. `fallback` is the spec's fallback text for this call ("Failed to fetch agents"),
 * used when the server gives no message.
 */
export async function apiFetch<T = unknown>(path: string, init: RequestInit & { fallback?: string } = {}): Promise<T> {
  const { fallback, ...rest } = init;
  const response = await authorizedSend(path, rest);
  const body = await readBody(response);
  if (!response.ok) throw failure(response, body, fallback);
  return body as T;
}

/** Sends with a fresh session, and once more after a refresh when the first answer is 401. */
async function authorizedSend(path: string, init: RequestInit): Promise<Response> {
  await ensureFreshSession();
  const response = await send(path, init);
  if (response.status === 401 && (await handleUnauthorized())) return send(path, init);
  return response;
}

/** Calls the API for a file (audio, a download): the body as a Blob, or an ApiError as apiFetch throws it. */
export async function apiBlob(path: string, init: RequestInit & { fallback?: string } = {}): Promise<Blob> {
  const { fallback, ...rest } = init;
  const response = await authorizedSend(path, rest);
  if (response.ok) return response.blob();
  throw failure(response, await readBody(response), fallback);
}

/** SWR fetcher: `useSWR("/api/agents", fetcher)`. */
export const fetcher = <T,>(path: string) => apiFetch<T>(path);
