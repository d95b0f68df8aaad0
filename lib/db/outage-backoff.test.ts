import { describe, expect, it } from "vitest";
import { outageBackoff } from "./outage-backoff";

describe("outageBackoff", () => {
  it("doubles from the first wait up to the cap, each wait between half and all of its step, and starts over after a success", () => {
    const backoff = outageBackoff({ firstMs: 500, maxMs: 30_000 });
    const steps = [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000];
    for (const step of steps) {
      const wait = backoff.failed();
      expect(wait).toBeGreaterThanOrEqual(step / 2);
      expect(wait).toBeLessThanOrEqual(step);
    }
    backoff.succeeded();
    expect(backoff.failed()).toBeLessThanOrEqual(500);
  });

  it("stays at the cap however long the outage lasts", () => {
    const backoff = outageBackoff({ firstMs: 1000, maxMs: 30_000 });
    for (let i = 0; i < 10_000; i++) expect(backoff.failed()).toBeLessThanOrEqual(30_000);
  });
});
