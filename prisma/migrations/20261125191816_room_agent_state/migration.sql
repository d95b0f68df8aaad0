-- What the agent is doing in the call right now (listening, thinking, speaking) and why it last did
-- not answer, written by the bot (lib/meetings/bot-runs.ts saveLiveState) and shown in the test room.
ALTER TABLE "Meeting" ADD COLUMN "liveState" JSONB;

-- Transcript times are milliseconds into the meeting (from its startedAt) from now on. Rows written
-- before were on the worker's own clock (its uptime); they are moved to the new scale as well as the
-- data allows: a segment is written right after it ends, so it ended about when it was written.
UPDATE "TranscriptSegment" s
SET "endMs" = GREATEST(0, ROUND(EXTRACT(EPOCH FROM (s."createdAt" - m."startedAt")) * 1000))::int,
    "startMs" = GREATEST(0, ROUND(EXTRACT(EPOCH FROM (s."createdAt" - m."startedAt")) * 1000) - (s."endMs" - s."startMs"))::int
FROM "Meeting" m
WHERE m."id" = s."meetingId" AND m."startedAt" IS NOT NULL;

-- The test room hears of every change to its agents (a new agent sent in, status, live state,
-- activation, a billed minute) at once, like it hears of transcript lines (rooms migration).
CREATE FUNCTION "room_meeting_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    room_id TEXT;
BEGIN
    room_id := substring(NEW."meetingUrl" FROM '/rooms/([A-Za-z0-9_-]{22})(?:[/?#]|$)');
    IF room_id IS NOT NULL THEN
        PERFORM pg_notify('cohost_rooms', room_id);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "Meeting_room_insert_notify" AFTER INSERT ON "Meeting"
    FOR EACH ROW WHEN (NEW."platform"::text = 'room')
    EXECUTE FUNCTION "room_meeting_notify"();

CREATE TRIGGER "Meeting_room_update_notify" AFTER UPDATE ON "Meeting"
    FOR EACH ROW WHEN (NEW."platform"::text = 'room' AND (
        OLD."status" IS DISTINCT FROM NEW."status" OR
        OLD."statusReason" IS DISTINCT FROM NEW."statusReason" OR
        OLD."liveState" IS DISTINCT FROM NEW."liveState" OR
        OLD."activated" IS DISTINCT FROM NEW."activated" OR
        OLD."billedTicks" IS DISTINCT FROM NEW."billedTicks"))
    EXECUTE FUNCTION "room_meeting_notify"();
