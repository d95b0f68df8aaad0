import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { ANTHROPIC_VERSION } from "@/lib/providers/api-versions";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";

// The fake Anthropic API judged by Anthropic's own SDK: what the SDK sends is accepted, everything the
// fake answers parses into the SDK's types, and what the API refuses the SDK sees as the API's errors.

const fakes = voiceFakesForFile();
const client = (apiKey = fakes.validKey) => new Anthropic({ apiKey, baseURL: `${fakes.url}/anthropic`, maxRetries: 0 });

describe("fake Anthropic API, judged by @anthropic-ai/sdk", () => {
  it("the SDK speaks the API version Cohost uses", async () => {
    await client().models.retrieve("claude-haiku-4-5");
    expect(fakes.requests[0].headers["anthropic-version"]).toBe(ANTHROPIC_VERSION);
  });

  it("streams a message: every event parses and the SDK's final message has the text and usage", async () => {
    fakes.script({ ai: ["The plan is to ship on Friday."] });
    const stream = client().messages.stream({ model: "claude-haiku-4-5", max_tokens: 100, system: "Be brief.", messages: [{ role: "user", content: "What is the plan?" }] });
    const types: string[] = [];
    stream.on("streamEvent", (event) => types.push(event.type));
    const message = await stream.finalMessage();
    expect(await stream.finalText()).toBe("The plan is to ship on Friday.");
    expect(message).toMatchObject({ role: "assistant", model: "claude-haiku-4-5", stop_reason: "end_turn", usage: { output_tokens: 7 } });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    // `ping` is parsed too; the SDK keeps it out of its events.
    expect(new Set(types)).toEqual(new Set(["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"]));
  });

  it("answers a non-streamed message too", async () => {
    fakes.script({ ai: ["Yes."] });
    const message = await client().messages.create({ model: "claude-sonnet-4-6", max_tokens: 10, messages: [{ role: "user", content: "Ready?" }] });
    expect(message.content).toEqual([{ type: "text", text: "Yes." }]);
  });

  it("lists models page by page with their lifecycle and retirement dates", async () => {
    const seen = [];
    for await (const model of client().models.list({ limit: 3 })) seen.push(model);
    expect(seen.map((m) => m.id)).toContain("claude-haiku-4-5");
    expect(seen.find((m) => m.id === "claude-sonnet-4-5")).toMatchObject({ lifecycle: "deprecated", retires_at: "2026-11-30T00:00:00Z" });
    expect(fakes.requests.filter((r) => r.surface === "models").length).toBeGreaterThan(1);
  });

  it("refuses what the API refuses: a bad key, sampling parameters, unknown fields, a retired model", async () => {
    await expect(client("wrong-key-000000").models.list()).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const base = { model: "claude-haiku-4-5", max_tokens: 10, messages: [{ role: "user" as const, content: "Hi" }] };
    // The SDK no longer knows `temperature`; code that builds its own body still sends it.
    await expect(client().messages.create({ ...base, temperature: 0.5 } as never)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("temperature: Extra inputs are not permitted") });
    await expect(client().messages.create({ ...base, colour: "blue" } as never)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("colour: Extra inputs are not permitted") });
    await expect(client().messages.create({ ...base, max_tokens: -1 })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    fakes.set({ today: "2026-12-01" });
    await expect(client().messages.create({ ...base, model: "claude-sonnet-4-5" })).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    const listed = [];
    for await (const model of client().models.list()) listed.push(model.id);
    expect(listed).not.toContain("claude-sonnet-4-5");
  });

  it("refuses an unknown API version", async () => {
    const old = new Anthropic({ apiKey: fakes.validKey, baseURL: `${fakes.url}/anthropic`, maxRetries: 0, defaultHeaders: { "anthropic-version": "2024-01-01" } });
    await expect(old.models.retrieve("claude-haiku-4-5")).rejects.toMatchObject({ status: 400, message: expect.stringContaining("anthropic-version") });
  });
});
