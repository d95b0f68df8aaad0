import type { PrismaClient } from "../generated/prisma/client.ts";
import { PROVIDER_CATALOGUE } from "./catalogue.ts";

// Upserts the catalogue; `isActive` is left alone on existing rows so an operator can switch a
// provider off in the database without the next start switching it back on.
export async function seedProviders(db: PrismaClient): Promise<void> {
  for (const [index, p] of PROVIDER_CATALOGUE.entries()) {
    const data = {
      name: p.name,
      isDefault: p.isDefault ?? false,
      defaultModel: p.defaultModel ?? null,
      models: p.models,
      voices: p.voices ?? [],
      extraParams: p.extraParams,
      docsUrl: p.docsUrl,
      baseUrl: p.baseUrl ?? null,
      sortOrder: index,
    };
    await db.provider.upsert({
      where: { kind_id: { kind: p.kind, id: p.id } },
      create: { kind: p.kind, id: p.id, ...data },
      update: data,
    });
  }
}
