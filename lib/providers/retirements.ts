import { catalogueEntry, type ProviderKind, type Retirement } from "./catalogue.ts";

// Known model retirements from the catalogue (docs/providers.md "Retiring models"): what warns an
// owner ahead of time, and what tells a meeting's failure apart from an ordinary refused request.

/** Days ahead at which an agent's model counts as retiring soon. */
export const RETIREMENT_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

export type ModelRetirement = Retirement & { kind: ProviderKind; providerId: string; model: string };

/** The model's known retirement, if any. */
export function modelRetirement(kind: ProviderKind, providerId: string, model: string | null | undefined): ModelRetirement | null {
  if (!model) return null;
  const known = catalogueEntry(kind, providerId)?.retirements?.[model];
  return known ? { ...known, kind, providerId, model } : null;
}

/** The day the model stops working has come (the provider's date is UTC). */
export function hasRetired(r: Retirement, now = new Date()): boolean {
  return now.getTime() >= Date.parse(`${r.retiresOn}T00:00:00Z`);
}

/** Retired already, or retiring within RETIREMENT_WARNING_DAYS. */
export function retiresSoon(r: Retirement, now = new Date()): boolean {
  return Date.parse(`${r.retiresOn}T00:00:00Z`) - now.getTime() <= RETIREMENT_WARNING_DAYS * DAY_MS;
}

/** The model an agent uses for one kind: its `model` param, else the catalogue's default. */
export function agentModel(kind: ProviderKind, providerId: string, extraParams: unknown): string | null {
  const model = (extraParams as { model?: unknown } | null)?.model;
  return typeof model === "string" && model ? model : (catalogueEntry(kind, providerId)?.defaultModel ?? null);
}

type AgentProviders = Record<`${ProviderKind}ProviderId`, string> & Record<`${ProviderKind}ExtraParams`, unknown>;

/** The agent's models that are retired or retire within the warning window, soonest first. */
export function agentRetirements(agent: AgentProviders, now = new Date()): ModelRetirement[] {
  const found: ModelRetirement[] = [];
  for (const kind of ["stt", "ai", "tts"] as const) {
    const providerId = agent[`${kind}ProviderId`];
    const r = modelRetirement(kind, providerId, agentModel(kind, providerId, agent[`${kind}ExtraParams`]));
    if (r && retiresSoon(r, now)) found.push(r);
  }
  return found.sort((a, b) => a.retiresOn.localeCompare(b.retiresOn));
}
