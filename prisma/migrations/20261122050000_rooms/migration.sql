-- The test room: a fourth meeting platform served by Cohost itself (docs/bots.md).
ALTER TYPE "MeetingPlatform" ADD VALUE 'room';

CREATE TABLE "Room" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Room_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "RoomParticipant" (
    "id" TEXT NOT NULL,
    "roomId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "signalsSent" INTEGER NOT NULL DEFAULT 0,
    "joinedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoomParticipant_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "RoomSignal" (
    "id" BIGSERIAL NOT NULL,
    "roomId" TEXT NOT NULL,
    "fromId" TEXT NOT NULL,
    "toId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoomSignal_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "Meeting_meetingUrl_idx" ON "Meeting"("meetingUrl");
CREATE INDEX "Room_userId_createdAt_idx" ON "Room"("userId", "createdAt");
CREATE INDEX "Room_expiresAt_idx" ON "Room"("expiresAt");
CREATE INDEX "RoomParticipant_roomId_lastSeenAt_idx" ON "RoomParticipant"("roomId", "lastSeenAt");
CREATE INDEX "RoomSignal_toId_id_idx" ON "RoomSignal"("toId", "id");
CREATE INDEX "RoomSignal_roomId_createdAt_idx" ON "RoomSignal"("roomId", "createdAt");
CREATE INDEX "RoomSignal_fromId_idx" ON "RoomSignal"("fromId");

ALTER TABLE "Room" ADD CONSTRAINT "Room_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RoomParticipant" ADD CONSTRAINT "RoomParticipant_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RoomSignal" ADD CONSTRAINT "RoomSignal_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RoomSignal" ADD CONSTRAINT "RoomSignal_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "RoomParticipant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RoomSignal" ADD CONSTRAINT "RoomSignal_toId_fkey" FOREIGN KEY ("toId") REFERENCES "RoomParticipant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live transcript in the room: whoever writes a transcript segment of a meeting held in a room (the
-- bot runtime), the room's open event streams hear of it at once (lib/rooms/room-events.ts listens on
-- this channel). The payload is the room id taken from the meeting's URL (APP_URL/rooms/{id}).
CREATE FUNCTION "room_transcript_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    room_id TEXT;
BEGIN
    SELECT substring(m."meetingUrl" FROM '/rooms/([A-Za-z0-9_-]{22})(?:[/?#]|$)') INTO room_id
    FROM "Meeting" m WHERE m."id" = NEW."meetingId" AND m."platform"::text = 'room';
    IF room_id IS NOT NULL THEN
        PERFORM pg_notify('cohost_rooms', room_id);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "TranscriptSegment_room_notify" AFTER INSERT ON "TranscriptSegment"
    FOR EACH ROW EXECUTE FUNCTION "room_transcript_notify"();
