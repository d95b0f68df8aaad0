import { db } from "../db/client.ts";
import type { ExtraParamSpec, ProviderKind } from "./catalogue.ts";

export type ProviderRow = Awaited<ReturnType<typeof listProviders>>[number];

/** Active providers of one kind, in catalogue order (spec §4: lists keep only active providers). */
export async function listProviders(kind: ProviderKind) {
  const rows = await db.provider.findMany({ where: { kind, isActive: true }, orderBy: { sortOrder: "asc" } });
  return rows.map((p) => ({
    id: p.id,
    kind: p.kind,
    name: p.name,
    isActive: p.isActive,
    isDefault: p.isDefault,
    defaultModel: p.defaultModel,
    models: p.models as string[],
    voices: p.voices as { id: string; name: string }[],
    extraParams: p.extraParams as ExtraParamSpec[],
    docsUrl: p.docsUrl,
  }));
}

export async function getActiveProvider(kind: ProviderKind, id: string) {
  return db.provider.findFirst({ where: { kind, id, isActive: true } });
}

/** The default provider and model for each kind. */
export async function providerDefaults() {
  const rows = await db.provider.findMany({ where: { isDefault: true, isActive: true } });
  const pick = (kind: ProviderKind) => {
    const p = rows.find((r) => r.kind === kind);
    return p ? { providerId: p.id, model: p.defaultModel } : null;
  };
  return { stt: pick("stt"), ai: pick("ai"), tts: pick("tts") };
}
