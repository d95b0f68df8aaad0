import { afterEach, describe, expect, it, vi } from "vitest";
import { logger, meetingLog, repeatedFailure } from "./log.ts";

const lines: Record<string, unknown>[] = [];
const capture = (text: string) => lines.push(JSON.parse(text));

describe("the structured logger", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    lines.length = 0;
  });

  it("puts the meeting and run on every line of a bound logger, errors on stderr, and never throws", () => {
    vi.spyOn(console, "log").mockImplementation(capture);
    vi.spyOn(console, "error").mockImplementation(capture);
    const log = meetingLog("m-1", "r-1");
    log("admitted");
    log("billing_error", { level: "error", balance: 5n });
    expect(lines).toMatchObject([
      { level: "info", event: "admitted", meetingId: "m-1", runId: "r-1" },
      { level: "error", event: "billing_error", meetingId: "m-1", runId: "r-1", balance: "5" },
    ]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => logger()("odd", { circular })).not.toThrow();
    expect(lines.at(-1)).toMatchObject({ event: "odd" });
    // An Error in a field (a library's metadata) is its stack, not {}.
    logger()("library_error", { metadata: { error: new Error("token expired") } });
    expect(lines.at(-1)).toMatchObject({ metadata: { error: expect.stringMatching(/^Error: token expired\n\s+at /) } });
  });

  it("says a repeated failure once when it starts and once when it is over", () => {
    vi.spyOn(console, "log").mockImplementation(capture);
    vi.spyOn(console, "error").mockImplementation(capture);
    const failure = repeatedFailure(logger({ workerId: "w" }), "fetch_error");
    failure.succeeded();
    for (let i = 0; i < 5; i++) failure.failed(new Error("connect ECONNREFUSED"));
    failure.succeeded();
    failure.succeeded();
    expect(lines.map((l) => l.event)).toEqual(["fetch_error", "fetch_error_over"]);
    expect(lines[0]).toMatchObject({ level: "error", workerId: "w", error: "Error: connect ECONNREFUSED" });
  });
});
