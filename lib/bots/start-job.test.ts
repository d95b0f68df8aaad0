import { describe, expect, it } from "vitest";
import { parseStartJob } from "./start-job.ts";

describe("a meeting start job's data", () => {
  it("is the meeting and the run it names", () => {
    expect(parseStartJob({ meetingId: "cm1abc", runId: "5b0c8f1e-2d6a-4c1e-9f3a-0a1b2c3d4e5f" })).toEqual({
      ok: true,
      job: { meetingId: "cm1abc", runId: "5b0c8f1e-2d6a-4c1e-9f3a-0a1b2c3d4e5f" },
    });
  });

  it("anything else is refused, naming the fields but never their values", () => {
    for (const data of [null, undefined, "cm1abc", [], {}, { meetingId: "cm1abc" }, { meetingId: 7, runId: "r" }, { meetingId: "a b", runId: "r" }, { meetingId: "m", runId: "x".repeat(65) }]) {
      const parsed = parseStartJob(data);
      expect(parsed.ok, JSON.stringify(data)).toBe(false);
    }
    const parsed = parseStartJob({ meetingId: "secret value'; DROP", runId: 1 });
    expect(parsed).toEqual({ ok: false, problems: [expect.stringMatching(/^meetingId: /), expect.stringMatching(/^runId: /)] });
    expect(JSON.stringify(parsed)).not.toContain("secret");
  });
});
