// The API versions Cohost speaks, in one place for the voice adapters and "Test key" alike
// (docs/voice-providers.md records when each was checked against the vendor's docs and SDK).

/** Anthropic's `anthropic-version` header: 2026-10-21 refuses temperature, top_p and top_k. */
export const ANTHROPIC_VERSION = "2026-10-21";

/** Cartesia's `Cartesia-Version` header: what @cartesia/cartesia-js 4.x sends. */
export const CARTESIA_VERSION = "2026-08-14";
