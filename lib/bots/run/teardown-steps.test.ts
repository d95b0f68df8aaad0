import { describe, expect, it } from "vitest";
import { runBounded, type TeardownStep } from "./teardown-steps.ts";

function logged() {
  const lines: { event: string; fields?: Record<string, unknown> }[] = [];
  return { lines, log: (event: string, fields?: Record<string, unknown>) => void lines.push({ event, fields }) };
}

describe("the teardown's steps", () => {
  it("run in order, each for at most its limit: a hung step and a failing one are logged and the rest still run", async () => {
    const { lines, log } = logged();
    const ran: string[] = [];
    const steps: TeardownStep[] = [
      { step: "goodbye", limitMs: 1000, run: async () => void ran.push("goodbye") },
      { step: "leave", limitMs: 50, run: () => (ran.push("leave"), new Promise(() => {})) }, // the page never answers
      {
        step: "bridge_close",
        limitMs: 1000,
        run: async () => {
          ran.push("bridge_close");
          throw new Error("target closed");
        },
      },
      { step: "context_close", limitMs: 1000, run: async () => void ran.push("context_close") },
    ];
    const started = performance.now();
    await runBounded(steps, log);
    expect(performance.now() - started).toBeLessThan(900);
    expect(ran).toEqual(["goodbye", "leave", "bridge_close", "context_close"]);
    expect(lines).toEqual([
      { event: "teardown_timeout", fields: { level: "warn", step: "leave", limitMs: 50 } },
      { event: "teardown_error", fields: { level: "warn", step: "bridge_close", error: "Error: target closed" } },
    ]);
  });

  it("a step that throws before it even returns a promise is a failed step too", async () => {
    const { lines, log } = logged();
    const ran: string[] = [];
    await runBounded(
      [
        {
          step: "session_stop",
          limitMs: 100,
          run: () => {
            throw new Error("no session");
          },
        },
        { step: "tools_close", limitMs: 100, run: async () => void ran.push("tools_close") },
      ],
      log,
    );
    expect(ran).toEqual(["tools_close"]);
    expect(lines.map((l) => l.event)).toEqual(["teardown_error"]);
  });
});
