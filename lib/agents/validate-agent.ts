import { AppError, type ErrorIssue } from "../http/errors.ts";
import type { ExtraParamSpec, ProviderKind } from "../providers/catalogue.ts";
import { extraParamsErrors } from "../providers/extra-params.ts";
import { getActiveProvider } from "../providers/queries.ts";
import type { AgentInput } from "./schema.ts";

const KIND_LABEL: Record<ProviderKind, string> = { stt: "speech-to-text", ai: "AI", tts: "text-to-speech" };

/**
 * Catalogue checks: each provider id is an active provider of its kind and its extra params fit that
 * provider's declared parameters. Throws one 400 listing every problem.
 */
export async function validateAgainstCatalogue(input: AgentInput): Promise<void> {
  const issues: ErrorIssue[] = [];
  for (const kind of ["stt", "ai", "tts"] as const) {
    const providerId = input[`${kind}ProviderId`];
    const provider = await getActiveProvider(kind, providerId);
    if (!provider) {
      issues.push({ path: `${kind}ProviderId`, message: `Choose an active ${KIND_LABEL[kind]} provider` });
      continue;
    }
    const value = input[`${kind}ExtraParams`] ?? {};
    for (const e of extraParamsErrors(provider.extraParams as ExtraParamSpec[], value)) {
      issues.push({ path: e.param ? `${kind}ExtraParams.${e.param}` : `${kind}ExtraParams`, message: e.message });
    }
  }
  if (issues.length) throw new AppError("validation_error", issues[0].message, { issues });
}
