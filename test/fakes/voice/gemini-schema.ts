// What the Gemini API accepts in a GenerateContentRequest, as @google/genai 3.3 builds it and
// ai.google.dev documents it (checked 2026-11-25). Google's JSON parser takes both lowerCamel and
// snake_case field names and refuses any other with 400 INVALID_ARGUMENT "Invalid JSON payload
// received. Unknown name …"; values outside their ranges are 400 too. `tools` and `toolConfig`
// (function declarations) are part of the schema and pass.

export interface GeminiProblem {
  code: number;
  status: string;
  message: string;
}

const REQUEST = ["contents", "tools", "toolConfig", "safetySettings", "systemInstruction", "generationConfig", "cachedContent", "labels", "serviceTier", "store"];
const GENERATION = [
  "stopSequences", "responseMimeType", "responseSchema", "responseJsonSchema", "responseModalities", "candidateCount", "maxOutputTokens", "temperature",
  "topP", "topK", "seed", "presencePenalty", "frequencyPenalty", "responseLogprobs", "logprobs", "enableEnhancedCivicAnswers", "speechConfig",
  "thinkingConfig", "mediaResolution", "imageConfig",
];
const THINKING = ["includeThoughts", "thinkingBudget", "thinkingLevel"];
const CONTENT = ["role", "parts"];
const PART = ["text", "inlineData", "fileData", "functionCall", "functionResponse", "thought", "thoughtSignature", "executableCode", "codeExecutionResult", "videoMetadata", "partMetadata"];

/** snake_case for a lowerCamel name: Google accepts either. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const invalid = (message: string): GeminiProblem => ({ code: 400, status: "INVALID_ARGUMENT", message });

/** The object's fields under their lowerCamel names, or the first unknown one. */
function normalise(obj: Record<string, unknown>, known: string[], at: string): Record<string, unknown> | GeminiProblem {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const name = known.find((k) => k === key || snake(k) === key);
    if (!name) return invalid(`Invalid JSON payload received. Unknown name "${key}"${at ? ` at '${at}'` : ""}: Cannot find field.`);
    out[name] = value;
  }
  return out;
}
const isProblem = (v: unknown): v is GeminiProblem => typeof v === "object" && v !== null && "status" in v && "code" in v;

function contentProblem(content: unknown, at: string, roles: string[]): GeminiProblem | null {
  if (!content || typeof content !== "object") return invalid(`Invalid value at '${at}': expected an object`);
  const c = normalise(content as Record<string, unknown>, CONTENT, at);
  if (isProblem(c)) return c;
  if (c.role !== undefined && !roles.includes(String(c.role))) return invalid("Please use a valid role: user, model.");
  if (!Array.isArray(c.parts) || c.parts.length === 0) return invalid(`* GenerateContentRequest.${at}.parts: contents.parts must not be empty.`);
  for (const [j, part] of c.parts.entries()) {
    const p = normalise((part ?? {}) as Record<string, unknown>, PART, `${at}.parts[${j}]`);
    if (isProblem(p)) return p;
  }
  return null;
}

function range(name: string, value: unknown, min: number, max: number): GeminiProblem | null {
  if (value === undefined) return null;
  if (typeof value !== "number" || value < min || value > max) return invalid(`* GenerateContentRequest.generation_config.${snake(name)}: must be in the range [${min}, ${max}].`);
  return null;
}

/** Why streamGenerateContent would refuse this body for `model`, or null. */
export function generateContentProblem(model: string, body: Record<string, unknown> | null): GeminiProblem | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return invalid("Invalid JSON payload received.");
  const req = normalise(body, REQUEST, "");
  if (isProblem(req)) return req;
  if (!Array.isArray(req.contents) || req.contents.length === 0) return invalid("* GenerateContentRequest.contents: contents is not specified");
  for (const [i, content] of req.contents.entries()) {
    const problem = contentProblem(content, `contents[${i}]`, ["user", "model", "function"]);
    if (problem) return problem;
  }
  if (req.systemInstruction !== undefined) {
    const problem = contentProblem(req.systemInstruction, "system_instruction", ["user", "system", ""]);
    if (problem) return problem;
  }
  if (req.generationConfig !== undefined) {
    const g = normalise((req.generationConfig ?? {}) as Record<string, unknown>, GENERATION, "generation_config");
    if (isProblem(g)) return g;
    const problem =
      range("temperature", g.temperature, 0, 2) ?? range("topP", g.topP, 0, 1) ?? range("candidateCount", g.candidateCount, 1, 8) ?? range("maxOutputTokens", g.maxOutputTokens, 1, 65_536);
    if (problem) return problem;
    if (g.thinkingConfig !== undefined) {
      const t = normalise((g.thinkingConfig ?? {}) as Record<string, unknown>, THINKING, "generation_config.thinking_config");
      if (isProblem(t)) return t;
      const budget = t.thinkingBudget;
      if (budget !== undefined) {
        const pro = model.includes("-pro");
        // -1 asks for a dynamic budget; Pro models cannot switch thinking off.
        if (typeof budget !== "number" || !Number.isInteger(budget) || budget < -1 || budget > (pro ? 32_768 : 24_576)) return invalid(`The thinking budget ${String(budget)} is invalid. Please choose a value between ${pro ? 128 : 0} and ${pro ? 32_768 : 24_576}.`);
        if (pro && budget >= 0 && budget < 128) return invalid(`Budget ${budget} is invalid. This model only works in thinking mode.`);
      }
    }
  }
  return null;
}
