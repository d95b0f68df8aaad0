import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { time } from "./fields.ts";
import type { Sent } from "./sent.ts";

const Thing = z.object({
  id: z.string(),
  at: time,
  endedAt: time.nullable(),
  note: z.string().optional(),
  tags: z.array(z.object({ name: z.string(), seenAt: time })),
  result: z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]),
});

describe("Sent", () => {
  it("is the schema's output with Dates allowed for date-times, and JSON makes it valid", () => {
    const sent = { id: "t1", at: new Date("2030-01-02T03:04:05.000Z"), endedAt: null, tags: [{ name: "a", seenAt: new Date(0) }], result: { ok: true } } satisfies Sent<typeof Thing>;
    expect(Thing.parse(JSON.parse(JSON.stringify(sent)))).toEqual({ ...sent, at: "2030-01-02T03:04:05.000Z", tags: [{ name: "a", seenAt: "1970-01-01T00:00:00.000Z" }] });
    expectTypeOf<Sent<typeof Thing>["at"]>().toEqualTypeOf<Date | string>();
    expectTypeOf<Sent<typeof Thing>["endedAt"]>().toEqualTypeOf<Date | string | null>();
    expectTypeOf<Sent<typeof Thing>["result"]>().toEqualTypeOf<{ ok: true } | { ok: false; message: string }>();
  });

  it("refuses a value with a field the schema lacks, without one it needs, or of another type", () => {
    const base = { id: "t1", at: "2030-01-02T03:04:05.000Z", endedAt: null, tags: [], result: { ok: false, message: "no" } } as const;
    // @ts-expect-error an undeclared field
    void ({ ...base, secret: "x" } satisfies Sent<typeof Thing>);
    // @ts-expect-error a missing field
    void ({ id: base.id, at: base.at, tags: base.tags, result: base.result } satisfies Sent<typeof Thing>);
    // @ts-expect-error a number where the schema says a date-time
    void ({ ...base, at: 5 } satisfies Sent<typeof Thing>);
    expect(Thing.safeParse({ ...base, at: 5 }).success).toBe(false);
  });
});
