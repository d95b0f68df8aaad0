import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { catalogueEntry, type ExtraParamSpec, type ProviderKind, type Voice } from "./catalogue.ts";

type ProviderRecord = Awaited<ReturnType<typeof db.provider.findFirstOrThrow>>;

/** A step of the pipeline, as responses name it. */
export const providerKind = z.enum(["stt", "ai", "tts"]);

export const providerResponse = z
  .object({
    id: z.string(),
    kind: providerKind,
    name: z.string(),
    isActive: z.boolean(),
    isDefault: z.boolean(),
    defaultModel: z.string().nullable(),
    models: z.array(z.string()),
    voices: z.array(z.object({ id: z.string(), name: z.string() })),
    extraParams: z.array(z.looseObject({ name: z.string(), type: z.string(), description: z.string().optional() })),
    docsUrl: z.string().nullable(),
    retirements: z.record(z.string(), z.object({ retiresOn: z.iso.date(), replacement: z.string() })).meta({ description: "Known retirement dates by model" }),
    keyOptional: z.boolean().meta({ description: "An agent may use this provider without a key (a server of the user's own)" }),
  })
  .meta({ id: "Provider" });

const providerDefault = z.object({ providerId: z.string(), model: z.string().nullable() }).nullable();
export const providerDefaultsResponse = z.object({ stt: providerDefault, ai: providerDefault, tts: providerDefault }).meta({ id: "ProviderDefaults" });

/** The API shape of a provider (spec §3 Provider: kind, isActive, plus what the agent form needs). */
function toProvider(p: ProviderRecord) {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    isActive: p.isActive,
    isDefault: p.isDefault,
    defaultModel: p.defaultModel,
    models: p.models as unknown as string[],
    voices: p.voices as unknown as Voice[],
    extraParams: p.extraParams as unknown as ExtraParamSpec[],
    docsUrl: p.docsUrl,
    /** Known retirement dates by model (catalogue data, so the form can warn before a model stops working). */
    retirements: catalogueEntry(p.kind, p.id)?.retirements ?? {},
    /** An agent may use it without a key (a server of the user's own). */
    keyOptional: catalogueEntry(p.kind, p.id)?.keyOptional ?? false,
  } satisfies Sent<typeof providerResponse>;
}
export type ProviderDto = ReturnType<typeof toProvider>;

/** Active providers of one kind, in catalogue order (spec §4: lists keep only active providers). */
export async function listProviders(kind: ProviderKind): Promise<ProviderDto[]> {
  const rows = await db.provider.findMany({ where: { kind, isActive: true }, orderBy: { sortOrder: "asc" } });
  return rows.map(toProvider);
}

export async function getActiveProvider(kind: ProviderKind, id: string): Promise<ProviderDto | null> {
  const row = await db.provider.findFirst({ where: { kind, id, isActive: true } });
  return row && toProvider(row);
}

/** The default provider and model of each kind (null when the operator switched it off). */
export async function providerDefaults(): Promise<Sent<typeof providerDefaultsResponse>> {
  const rows = await db.provider.findMany({ where: { isDefault: true, isActive: true } });
  const pick = (kind: ProviderKind) => {
    const p = rows.find((r) => r.kind === kind);
    return p ? { providerId: p.id, model: p.defaultModel } : null;
  };
  return { stt: pick("stt"), ai: pick("ai"), tts: pick("tts") };
}
