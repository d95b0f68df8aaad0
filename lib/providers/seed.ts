import type { PrismaClient } from "../generated/prisma/client.ts";
import { PROVIDER_CATALOGUE, type CatalogueEntry } from "./catalogue.ts";

// Upserts the catalogue; `isActive` is left alone on existing rows so an operator can switch a
// provider off in the database without the next start switching it back on.
export async function seedProviders(db: PrismaClient, catalogue: CatalogueEntry[] = PROVIDER_CATALOGUE): Promise<void> {
  for (const [index, p] of catalogue.entries()) {
    const data = {
      name: p.name,
      isDefault: p.isDefault ?? false,
      defaultModel: p.defaultModel,
      models: p.models,
      voices: p.voices ?? [],
      extraParams: p.extraParams,
      docsUrl: p.docsUrl,
      baseUrl: p.baseUrl,
      sortOrder: index,
    };
    await db.provider.upsert({
      where: { kind_id: { kind: p.kind, id: p.id } },
      create: { kind: p.kind, id: p.id, ...data },
      update: data,
    });
  }
}
