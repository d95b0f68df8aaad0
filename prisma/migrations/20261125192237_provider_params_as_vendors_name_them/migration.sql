-- The catalogue now names Deepgram's and AssemblyAI's parameters as their docs do, follows
-- AssemblyAI's rename of min_end_of_turn_silence_when_confident to min_turn_silence, and keeps
-- Cartesia to what its API accepts (speed 0.6-1.5, Sonic 3 models). Stored agents follow, so
-- they keep working and can be saved again (docs/voice-providers.md).

-- Renames one key of an extra-params object, keeping its value; a no-op when the key is absent.
CREATE FUNCTION "_cohost_rename_key"(params JSONB, old_key TEXT, new_key TEXT) RETURNS JSONB AS $$
  SELECT CASE WHEN params ? old_key THEN (params - old_key) || jsonb_build_object(new_key, params -> old_key) ELSE params END
$$ LANGUAGE SQL IMMUTABLE;

UPDATE "Agent" SET "sttExtraParams" =
  "_cohost_rename_key"("_cohost_rename_key"("_cohost_rename_key"("_cohost_rename_key"("sttExtraParams",
    'utteranceEndMs', 'utterance_end_ms'), 'interimResults', 'interim_results'), 'smartFormat', 'smart_format'), 'keyterms', 'keyterm')
WHERE "sttProviderId" = 'deepgram';

UPDATE "Agent" SET "sttExtraParams" =
  "_cohost_rename_key"("_cohost_rename_key"("_cohost_rename_key"("_cohost_rename_key"("_cohost_rename_key"("sttExtraParams",
    'endOfTurnConfidenceThreshold', 'end_of_turn_confidence_threshold'), 'minEndOfTurnSilenceWhenConfident', 'min_turn_silence'),
    'maxTurnSilence', 'max_turn_silence'), 'formatTurns', 'format_turns'), 'keytermsPrompt', 'keyterms_prompt')
WHERE "sttProviderId" = 'assemblyai';

DROP FUNCTION "_cohost_rename_key"(JSONB, TEXT, TEXT);

-- Cartesia refuses a speed above 1.5 (the agent went silent); sonic-2 and sonic-turbo are gone.
UPDATE "Agent" SET "ttsExtraParams" = jsonb_set("ttsExtraParams", '{speed}', '1.5')
WHERE "ttsProviderId" = 'cartesia' AND jsonb_typeof("ttsExtraParams" -> 'speed') = 'number' AND ("ttsExtraParams" ->> 'speed')::numeric > 1.5;
UPDATE "Agent" SET "ttsExtraParams" = jsonb_set("ttsExtraParams", '{model}', '"sonic-3"')
WHERE "ttsProviderId" = 'cartesia' AND "ttsExtraParams" ->> 'model' IN ('sonic-2', 'sonic-turbo');
