import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "@/test/users";

// Data migrations that follow catalogue changes: stored agents must stay savable (no parameter the
// catalogue no longer declares) and keep everything else.
const sql = (name: string) => readFileSync(new URL(`../../prisma/migrations/${name}/migration.sql`, import.meta.url), "utf8");

async function agent(userId: string, aiProviderId: string, aiExtraParams: Record<string, string | number>) {
  return db.agent.create({ data: { userId, name: "A", sttProviderId: "deepgram", aiProviderId, aiExtraParams, ttsProviderId: "elevenlabs" } });
}

describe("catalogue data migrations", () => {
  it("20261125191752_anthropic_no_temperature drops temperature from Anthropic agents only", async () => {
    const { user } = await createUser();
    const anthropic = await agent(user.id, "anthropic", { temperature: 0.4, maxTokens: 200, model: "claude-sonnet-4-6" });
    const openai = await agent(user.id, "openai", { temperature: 0.4 });
    await db.$executeRawUnsafe(sql("20261125191752_anthropic_no_temperature"));
    expect((await db.agent.findUniqueOrThrow({ where: { id: anthropic.id } })).aiExtraParams).toEqual({ maxTokens: 200, model: "claude-sonnet-4-6" });
    expect((await db.agent.findUniqueOrThrow({ where: { id: openai.id } })).aiExtraParams).toEqual({ temperature: 0.4 });
  });
});
