import type http from "node:http";
import { sendJson } from "./http-util.ts";
import type { FakeCall } from "./routes.ts";
import type { FakeFailure } from "./state.ts";

/** The error body each provider sends with a status (their documented shapes). */
export function errorBody(provider: string, status: number): unknown {
  const text: Record<number, string> = {
    400: "Invalid request",
    401: "Invalid API key",
    403: "Permission denied",
    404: "Not found",
    429: "Rate limit reached, please retry later",
    500: "Internal server error",
    503: "Service unavailable",
    529: "Overloaded",
  };
  const message = text[status] ?? `Error ${status}`;
  switch (provider) {
    case "anthropic": {
      const type: Record<number, string> = { 400: "invalid_request_error", 401: "authentication_error", 403: "permission_error", 404: "not_found_error", 429: "rate_limit_error", 529: "overloaded_error" };
      return { type: "error", error: { type: type[status] ?? "api_error", message } };
    }
    case "gemini": {
      const grpc: Record<number, string> = { 400: "INVALID_ARGUMENT", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE" };
      return { error: { code: status, message, status: grpc[status] ?? "INTERNAL" } };
    }
    case "deepgram":
      return { err_code: status === 401 ? "INVALID_AUTH" : "ERROR", err_msg: status === 401 ? "Invalid credentials." : message, request_id: "fake" };
    case "elevenlabs":
      return { detail: { status: status === 401 ? "invalid_api_key" : "error", message } };
    case "cartesia":
      return { error: message };
    default:
      return { error: { message: status === 401 ? "Incorrect API key provided: wr***ey." : message, type: status === 401 ? "invalid_request_error" : status >= 500 ? "server_error" : "requests", code: status === 401 ? "invalid_api_key" : status === 429 ? "rate_limit_exceeded" : null } };
  }
}

/**
 * Applies an injected failure that happens before any answer (status, cut connection, no answer);
 * true when it did. `drop: "mid"` is left to the handler, which knows where "mid" is.
 */
export function failBeforeAnswer(call: FakeCall, res: http.ServerResponse, failure: FakeFailure | null): boolean {
  if (!failure) return false;
  if ("status" in failure) {
    // Some providers quote the request's credentials in an error: `echoKey` does so.
    const quoted = failure.echoKey ? ` (you sent ${call.req.headers.authorization ?? call.req.headers["x-api-key"] ?? ""})` : "";
    sendJson(res, failure.status, JSON.parse(JSON.stringify(errorBody(call.provider, failure.status)).replace(/"message":"([^"]*)"/, `"message":"$1${quoted}"`)));
    return true;
  }
  if ("hang" in failure) {
    call.req.socket.setTimeout(0);
    return true;
  }
  if (failure.drop === "before") {
    call.req.socket.destroy();
    return true;
  }
  return false;
}
