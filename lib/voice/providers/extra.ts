import { catalogueEntry } from "../../providers/catalogue.ts";
import type { ProviderConfig, ProviderKind } from "../types.ts";

/**
 * An agent's extra parameter, else the catalogue's default for it (what the agent form shows), else
 * undefined. Values were validated against the catalogue when the agent was saved.
 */
export function extraParam<T extends string | number | boolean>(kind: ProviderKind, config: ProviderConfig, name: string): T | undefined {
  const value = config.extra[name];
  if (value !== undefined && value !== null && value !== "") return value as T;
  const spec = catalogueEntry(kind, config.providerId)?.extraParams.find((p) => p.name === name);
  return spec?.default === "" ? undefined : (spec?.default as T | undefined);
}

/** "a, b ,c" → ["a", "b", "c"]. */
export function termList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
