import { describe, expect, it } from "vitest";
import { ProviderError, type SessionEvent } from "../types.ts";
import { asProviderError, ProviderFailures } from "./provider-failures.ts";
import { OUTAGE_RETRY_FIRST_MS, OUTAGE_RETRY_MAX_MS } from "./tuning.ts";

function setup(limitMs = 60_000) {
  const t = { now: 0, events: [] as SessionEvent[], said: [] as string[], failed: [] as ProviderError[], lines: [] as string[] };
  const failures = new ProviderFailures({
    now: () => t.now,
    log: (event) => t.lines.push(event),
    emit: (e) => t.events.push(e),
    language: "de-AT",
    limitMs,
    say: (text) => t.said.push(text),
    fail: (error) => t.failed.push(error),
  });
  return { failures, t };
}

const down = (kind: "stt" | "ai" | "tts" = "ai") => new ProviderError(kind, "openai", "transient", "503 Service Unavailable", 503);

describe("provider failures (docs/voice.md, Errors)", () => {
  it("reports and announces an outage once, in the agent's language, and gives up only past its limit", () => {
    const { failures, t } = setup(60_000);
    const error = down();
    expect(failures.transient(error)).toBe(true);
    expect(t.events).toEqual([{ type: "outage", state: "began", error }]);
    expect(t.said).toEqual(["Entschuldigung, einer meiner Dienste antwortet gerade nicht. Ich antworte, sobald er wieder da ist."]);
    t.now = 60_000;
    expect(failures.transient(error)).toBe(true);
    expect(t.events).toHaveLength(1);
    expect(t.said).toHaveLength(1);
    expect(t.failed).toEqual([]);
    t.now = 60_001;
    expect(failures.transient(error)).toBe(false);
    expect(t.failed).toEqual([error]);
    expect(t.lines).toEqual(["provider_trouble", "provider_trouble", "provider_trouble"]);
  });

  it("ends the outage when the failing provider works again, with its length; another provider working does not", () => {
    const { failures, t } = setup();
    failures.transient(down("stt"));
    t.now = 4_500;
    failures.recovered("tts");
    expect(t.events).toHaveLength(1);
    failures.recovered("stt");
    expect(t.events[1]).toEqual({ type: "outage", state: "ended", providerKind: "stt", lastedMs: 4_500 });
    failures.recovered("stt");
    expect(t.events).toHaveLength(2);
  });

  it("tries again with back-off on the session clock: doubling from the first wait, capped", () => {
    const { failures, t } = setup();
    failures.transient(down());
    t.now = 1_000;
    const waits = Array.from({ length: 6 }, () => failures.nextRetryAt() - t.now);
    expect(waits[0]).toBe(OUTAGE_RETRY_FIRST_MS);
    expect(waits[1]).toBe(2 * OUTAGE_RETRY_FIRST_MS);
    expect(waits.at(-1)).toBe(OUTAGE_RETRY_MAX_MS);
  });

  it("takes anything an adapter did not turn into a ProviderError for the stage being unreachable", () => {
    const error = new ProviderError("tts", "cartesia", "invalid_key", "rejected");
    expect(asProviderError(error, "ai", "openai")).toBe(error);
    expect(asProviderError(new Error("socket hang up"), "ai", "openai")).toMatchObject({ providerKind: "ai", providerId: "openai", kind: "unreachable", message: expect.stringContaining("socket hang up") });
    expect(asProviderError("the stream ended", "stt", "deepgram")).toMatchObject({ providerKind: "stt", kind: "unreachable" });
  });
});
