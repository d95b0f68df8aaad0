import { describe, expect, it } from "vitest";
import { within } from "./within.ts";

describe("within", () => {
  it("gives a step's answer when it comes in time, and passes its failure on", async () => {
    await expect(within(Promise.resolve(7), 1000)).resolves.toEqual({ done: true, value: 7 });
    await expect(within(Promise.reject(new Error("close failed")), 1000)).rejects.toThrow("close failed");
  });

  it("stops waiting for a step that never ends, and leaves no timer behind", async () => {
    const hung = new Promise<never>(() => {});
    await expect(within(hung, 20)).resolves.toEqual({ done: false });
    // A late rejection of a step given up on is nobody's unhandled rejection.
    let fail!: (err: Error) => void;
    const late = new Promise<never>((_, reject) => (fail = reject));
    await expect(within(late, 10)).resolves.toEqual({ done: false });
    fail(new Error("too late"));
    // Timers still pending when a step ended in time would keep the process (and the bot) alive.
    const before = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    await within(Promise.resolve(1), 60_000);
    expect(process.getActiveResourcesInfo().filter((r) => r === "Timeout").length).toBe(before);
  });
});
