-- Anthropic's API version 2026-10-21 refuses `temperature` (docs/voice-providers.md), so the
-- catalogue no longer declares it: drop it from Anthropic agents, which could not be saved again
-- with an undeclared parameter.
UPDATE "Agent" SET "aiExtraParams" = "aiExtraParams" - 'temperature'
WHERE "aiProviderId" = 'anthropic' AND "aiExtraParams" ? 'temperature';
