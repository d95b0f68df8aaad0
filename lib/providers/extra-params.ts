import type { ExtraParamSpec } from "./catalogue.ts";
import { isPrivateHostname, privateUrlsAllowed } from "./private-address.ts";

interface ParamError {
  /** The parameter's name, or null when the value as a whole is wrong. */
  param: string | null;
  message: string;
}

/** Why a base URL cannot be used, or null: http(s) only, no credentials, no internal host. */
export function baseUrlProblem(value: string, name = "baseUrl"): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${name}" must be an http(s) URL`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `"${name}" must be an http(s) URL`;
  if (url.username || url.password) return `"${name}" must not contain credentials`;
  if (!privateUrlsAllowed() && isPrivateHostname(url.hostname)) return `"${name}" must not point to a private network address`;
  return null;
}

/** Checks an agent's extra params against the provider's declared ones; one message per problem. */
export function extraParamsErrors(specs: ExtraParamSpec[], value: unknown): ParamError[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [{ param: null, message: "Extra parameters must be a JSON object" }];
  const obj = value as Record<string, unknown>;
  const errors: ParamError[] = [];
  for (const key of Object.keys(obj)) {
    if (!specs.some((s) => s.name === key)) errors.push({ param: key, message: `Unknown parameter "${key}"` });
  }
  for (const spec of specs) {
    const v = obj[spec.name];
    if (v === undefined || v === null || v === "") {
      if (spec.required) errors.push({ param: spec.name, message: `"${spec.name}" is required` });
      continue;
    }
    if (typeof v !== spec.type || (spec.type === "number" && !Number.isFinite(v))) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be a ${spec.type}` });
      continue;
    }
    if (spec.type === "number" && ((spec.min !== undefined && (v as number) < spec.min) || (spec.max !== undefined && (v as number) > spec.max))) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be between ${spec.min} and ${spec.max}` });
    } else if (spec.options && !spec.options.includes(v as string)) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be one of ${spec.options.join(", ")}` });
    } else if (spec.type === "string" && (v as string).length > 2000) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be at most 2000 characters` });
    } else if (spec.format === "url") {
      const problem = baseUrlProblem(v as string, spec.name);
      if (problem) errors.push({ param: spec.name, message: problem });
    }
  }
  return errors;
}
