import { describe, expect, it } from "vitest";
import pg from "pg";
import { db } from "@/lib/db/client";
import { expectedColumnType, expectedIndexes, readSchema } from "./prisma-schema";

// Proves the hand-written migrations produce exactly the database schema.prisma describes, so the
// generated client and `prisma migrate deploy` on other machines agree with our runner.
const schema = readSchema();

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe("migrated database matches prisma/schema.prisma", () => {
  it("has exactly the schema's tables", async () => {
    const rows = await query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(schema.models.map((m) => m.name).sort());
  });

  it("has exactly the schema's enums and values", async () => {
    const rows = await query<{ typname: string; labels: string[] }>(
      `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.typname, r.labels]))).toEqual(Object.fromEntries(schema.enums));
  });

  for (const model of schema.models) {
    it(`${model.name}: every column has the schema's type and nullability, and nothing extra`, async () => {
      const rows = await query<{ column_name: string; data_type: string; udt_name: string; is_nullable: string }>(
        `SELECT column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [model.name],
      );
      const actual = Object.fromEntries(rows.map((r) => [r.column_name, { dataType: r.data_type, udt: r.udt_name, nullable: r.is_nullable === "YES" }]));
      const expected = Object.fromEntries(
        model.fields
          .filter((f) => !f.relation)
          // Prisma creates scalar lists without NOT NULL.
          .map((f) => [f.name, { ...expectedColumnType(f, schema.enums), nullable: f.optional || f.list }]),
      );
      expect(actual).toEqual(expected);
    });

    it(`${model.name}: has the schema's primary key, unique constraints and indexes`, async () => {
      const rows = await query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1`,
        [model.name],
      );
      const actual = rows.map((r) => ({ name: r.indexname, unique: /CREATE UNIQUE INDEX/.test(r.indexdef) }));
      expect(actual.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        expectedIndexes(model).sort((a, b) => a.name.localeCompare(b.name)),
      );
    });
  }

  it("every model can be read through the generated client (all scalar columns selected)", async () => {
    for (const model of schema.models) {
      const delegate = (db as unknown as Record<string, { findFirst: () => Promise<unknown> }>)[
        model.name[0].toLowerCase() + model.name.slice(1)
      ];
      // Throws when a column the client selects is missing or has an incompatible type.
      await delegate.findFirst();
    }
  });

  it("relations and defaults work through the generated client", async () => {
    const user = await db.user.create({ data: { email: `schema-${Date.now()}@example.test` } });
    const agent = await db.agent.create({
      data: { userId: user.id, name: "Schema check", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" },
    });
    const meeting = await db.meeting.create({
      data: {
        userId: user.id,
        agentId: agent.id,
        meetingUrl: "https://meet.google.com/abc-defg-hij",
        platform: "meet",
        scheduledStart: new Date(),
        events: { create: { toStatus: "scheduled" } },
        segments: { create: { speaker: "Ada", text: "Hello", startMs: 0, endMs: 900 } },
      },
      include: { events: true, segments: true },
    });
    const account = await db.creditAccount.create({ data: { userId: user.id } });
    const entry = await db.ledgerEntry.create({
      data: { accountId: account.id, userId: user.id, type: "adjustment", amountMicros: 1n, balanceAfterMicros: 1n, idempotencyKey: "schema-check" },
    });
    expect(agent.status).toBe("active");
    expect(agent.whitelistedEmails).toEqual([]);
    expect(agent.sttExtraParams).toEqual({});
    expect(meeting.status).toBe("scheduled");
    expect(meeting.events).toHaveLength(1);
    expect(meeting.segments[0].text).toBe("Hello");
    expect(account.balanceMicros).toBe(0n);
    expect(account.autoRefillThresholdMicros).toBe(5_000_000n);
    expect(typeof entry.id).toBe("bigint");
    await db.user.delete({ where: { id: user.id } });
    expect(await db.agent.findUnique({ where: { id: agent.id } })).toBeNull();
  });
});
