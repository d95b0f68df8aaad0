import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { assertUnder, enforce, hit, reset } from "./rate-limit";

describe("rate limits", () => {
  it("allows max hits per window, then 429 with Retry-After", async () => {
    const key = `test:${randomUUID()}`;
    const limit = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await enforce(key, limit);
    const err = await enforce(key, limit).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(429);
    expect(Number(err.headers["Retry-After"])).toBeGreaterThan(0);
    expect(Number(err.headers["Retry-After"])).toBeLessThanOrEqual(60);
  });

  it("counts concurrent hits exactly (one atomic upsert each)", async () => {
    const key = `test:${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 20 }, () => hit(key, { max: 100, windowSeconds: 60 })));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("assertUnder checks without counting, and reset clears", async () => {
    const key = `test:${randomUUID()}`;
    const limit = { max: 2, windowSeconds: 60 };
    await assertUnder(key, limit);
    await hit(key, limit);
    await assertUnder(key, limit);
    await hit(key, limit);
    await expect(assertUnder(key, limit)).rejects.toMatchObject({ status: 429 });
    await reset(key);
    await expect(assertUnder(key, limit)).resolves.toBeUndefined();
  });

  it("starts a new window once the old one has passed", async () => {
    const key = `test:${randomUUID()}`;
    const limit = { max: 1, windowSeconds: 1 };
    await enforce(key, limit);
    await expect(enforce(key, limit)).rejects.toMatchObject({ status: 429 });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(enforce(key, limit)).resolves.toBeUndefined();
  });
});
