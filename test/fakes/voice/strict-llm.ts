import type http from "node:http";
import { errorBody } from "./errors.ts";
import { generateContentProblem } from "./gemini-schema.ts";
import { sendJson } from "./http-util.ts";
import { GEMINI_BAD_KEY, geminiAuthorized, geminiError, geminiServes } from "./models.ts";
import { sendOpenAiProblem, type OpenAiProblem } from "./openai-schema.ts";
import type { FakeCall } from "./routes.ts";
import { VALID_KEY } from "../providers/protocols.ts";

// The strict front of the LLM fakes: the key first (as the APIs check it), then the request against
// the vendor's schema (openai-schema.ts, gemini-schema.ts); only a request the API would take reaches
// the dialect's handler in llm.ts.

type Handler = (call: FakeCall, res: http.ServerResponse) => Promise<void> | void;

/** OpenAI-style: bearer key, then `problem(body)`. */
export function strictly(problem: (call: FakeCall, body: Record<string, unknown> | null) => OpenAiProblem | null, handle: Handler): Handler {
  return (call, res) => {
    if (call.req.headers.authorization !== `Bearer ${VALID_KEY}`) return sendJson(res, 401, errorBody("openai", 401));
    const found = problem(call, call.seen.body as Record<string, unknown> | null);
    if (found) return sendOpenAiProblem(res, found);
    return handle(call, res);
  };
}

/** Gemini: the key, the query (`alt`, `key`), the model, then the body. */
export function strictGemini(handle: Handler): Handler {
  return (call, res) => {
    if (!geminiAuthorized(call)) return sendJson(res, 400, GEMINI_BAD_KEY);
    const unknown = [...call.url.searchParams.keys()].find((k) => !["alt", "key", "$alt"].includes(k));
    if (unknown) return geminiError(res, 400, "INVALID_ARGUMENT", `Invalid JSON payload received. Unknown name "${unknown}": Cannot bind query parameter. Field '${unknown}' could not be found in request message.`);
    const model = decodeURIComponent(call.params[0]);
    if (!geminiServes(model)) {
      return geminiError(res, 404, "NOT_FOUND", `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`);
    }
    const problem = generateContentProblem(model, call.seen.body as Record<string, unknown> | null);
    if (problem) return geminiError(res, problem.code, problem.status, problem.message);
    return handle(call, res);
  };
}
