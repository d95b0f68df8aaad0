import type { ExtraParamSpec } from "./catalogue.ts";

/** Checks an agent's extra params against the provider's declared ones; returns one message per problem. */
export function extraParamsErrors(specs: ExtraParamSpec[], value: unknown): { param: string | null; message: string }[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [{ param: null, message: "Extra parameters must be a JSON object" }];
  const errors: { param: string | null; message: string }[] = [];
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!specs.some((s) => s.name === key)) errors.push({ param: key, message: `Unknown parameter "${key}"` });
  }
  for (const spec of specs) {
    const v = obj[spec.name];
    if (v === undefined || v === null || v === "") {
      if (spec.required) errors.push({ param: spec.name, message: `"${spec.name}" is required` });
      continue;
    }
    if (typeof v !== spec.type) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be a ${spec.type}` });
      continue;
    }
    if (spec.type === "number" && ((spec.min !== undefined && (v as number) < spec.min) || (spec.max !== undefined && (v as number) > spec.max))) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be between ${spec.min} and ${spec.max}` });
    }
    if (spec.options && !spec.options.includes(v as string)) {
      errors.push({ param: spec.name, message: `"${spec.name}" must be one of ${spec.options.join(", ")}` });
    }
    if (spec.name === "baseUrl" && !/^https?:\/\/[^\s]+$/.test(v as string)) {
      errors.push({ param: spec.name, message: `"baseUrl" must be an http(s) URL` });
    }
  }
  return errors;
}
