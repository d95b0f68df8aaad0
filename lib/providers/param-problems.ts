import type { ExtraParamSpec } from "./catalogue.ts";

// What is wrong with an agent's extra parameters, as codes: the server words them in English for
// the API (extra-params.ts), the agent form in the user's language as they type. No Node imports:
// this runs in the browser too.

export type UrlProblem = "scheme" | "credentials" | "private";

export type ParamProblem =
  | { param: null; code: "not_object" }
  | { param: string; code: "unknown" }
  | { param: string; code: "required" }
  | { param: string; code: "type"; type: ExtraParamSpec["type"] }
  | { param: string; code: "range"; min?: number; max?: number }
  | { param: string; code: "options"; options: string[] }
  | { param: string; code: "too_long"; max: number }
  | { param: string; code: "url"; problem: UrlProblem };

export const MAX_STRING_PARAM = 2000;

/** Why a URL cannot be a provider base URL: not http(s), credentials in it, or (when `isPrivateHost` says so) an internal host. */
export function urlProblem(value: string, isPrivateHost?: (hostname: string) => boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "scheme";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "scheme";
  if (url.username || url.password) return "credentials";
  if (isPrivateHost?.(url.hostname)) return "private";
  return null;
}

/** Checks extra params against a provider's declared ones; one problem per parameter at most. */
export function paramProblems(specs: ExtraParamSpec[], value: unknown, isPrivateHost?: (hostname: string) => boolean): ParamProblem[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [{ param: null, code: "not_object" }];
  const obj = value as Record<string, unknown>;
  const problems: ParamProblem[] = [];
  for (const key of Object.keys(obj)) if (!specs.some((s) => s.name === key)) problems.push({ param: key, code: "unknown" });
  for (const spec of specs) {
    const v = obj[spec.name];
    const param = spec.name;
    if (v === undefined || v === null || v === "") {
      if (spec.required) problems.push({ param, code: "required" });
      continue;
    }
    if (typeof v !== spec.type || (spec.type === "number" && !Number.isFinite(v))) {
      problems.push({ param, code: "type", type: spec.type });
    } else if (spec.type === "number" && ((spec.min !== undefined && (v as number) < spec.min) || (spec.max !== undefined && (v as number) > spec.max))) {
      problems.push({ param, code: "range", min: spec.min, max: spec.max });
    } else if (spec.options && !spec.options.includes(v as string)) {
      problems.push({ param, code: "options", options: spec.options });
    } else if (spec.type === "string" && (v as string).length > MAX_STRING_PARAM) {
      problems.push({ param, code: "too_long", max: MAX_STRING_PARAM });
    } else if (spec.format === "url") {
      const problem = urlProblem(v as string, isPrivateHost);
      if (problem) problems.push({ param, code: "url", problem });
    }
  }
  return problems;
}

/** The API's English wording of a problem (docs/providers.md "Validation"). */
export function paramProblemMessage(p: ParamProblem): string {
  switch (p.code) {
    case "not_object":
      return "Extra parameters must be a JSON object";
    case "unknown":
      return `Unknown parameter "${p.param}"`;
    case "required":
      return `"${p.param}" is required`;
    case "type":
      return `"${p.param}" must be a ${p.type}`;
    case "range":
      return `"${p.param}" must be between ${p.min} and ${p.max}`;
    case "options":
      return `"${p.param}" must be one of ${p.options.join(", ")}`;
    case "too_long":
      return `"${p.param}" must be at most ${p.max} characters`;
    case "url":
      return p.problem === "scheme" ? `"${p.param}" must be an http(s) URL` : p.problem === "credentials" ? `"${p.param}" must not contain credentials` : `"${p.param}" must not point to a private network address`;
  }
}
