-- Calendars (issue 8): every calendar belongs to an agent; uploads keep their file so series keep
-- coming into the import window; event statuses become blocked / pending / confirmed / cancelled;
-- events remember UID, RECURRENCE-ID and SEQUENCE, user edits and deletions; a source table records
-- which calendars carry which event. No code wrote these tables before this migration; rows that
-- cannot be kept (a calendar without an agent, an event without a meeting link) are removed.

DELETE FROM "Calendar" WHERE "agentId" IS NULL;
DELETE FROM "CalendarEvent" WHERE "meetingUrl" IS NULL OR "platform" IS NULL OR "status" = 'no_link';

-- Calendar
ALTER TABLE "Calendar" ALTER COLUMN "agentId" SET NOT NULL,
ADD COLUMN "content" TEXT,
ADD COLUMN "contentHash" TEXT,
ADD COLUMN "lastAttemptAt" TIMESTAMPTZ(3);

-- CalendarEventStatus: pending_confirmation → pending, rejected → cancelled, no_link removed above.
CREATE TYPE "CalendarEventStatus_new" AS ENUM ('blocked', 'pending', 'confirmed', 'cancelled');
ALTER TABLE "CalendarEvent" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "CalendarEvent" ALTER COLUMN "status" TYPE "CalendarEventStatus_new" USING (
  CASE "status"::text
    WHEN 'pending_confirmation' THEN 'pending'
    WHEN 'rejected' THEN 'cancelled'
    ELSE "status"::text
  END
)::"CalendarEventStatus_new";
ALTER TYPE "CalendarEventStatus" RENAME TO "CalendarEventStatus_old";
ALTER TYPE "CalendarEventStatus_new" RENAME TO "CalendarEventStatus";
DROP TYPE "CalendarEventStatus_old";
ALTER TABLE "CalendarEvent" ALTER COLUMN "status" SET DEFAULT 'pending';

-- CalendarEvent
ALTER TABLE "CalendarEvent" DROP CONSTRAINT "CalendarEvent_calendarId_fkey";
ALTER TABLE "CalendarEvent" DROP COLUMN "calendarId",
ADD COLUMN "recurrenceId" TEXT NOT NULL DEFAULT '',
ADD COLUMN "sequence" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "editedAt" TIMESTAMPTZ(3),
ADD COLUMN "deletedAt" TIMESTAMPTZ(3),
ALTER COLUMN "meetingUrl" SET NOT NULL,
ALTER COLUMN "platform" SET NOT NULL;

-- CalendarEventSource
CREATE TABLE "CalendarEventSource" (
    "calendarId" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "recurrenceId" TEXT NOT NULL DEFAULT '',
    "eventId" TEXT NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CalendarEventSource_pkey" PRIMARY KEY ("calendarId","uid","recurrenceId")
);

CREATE INDEX "Calendar_agentId_contentHash_idx" ON "Calendar"("agentId", "contentHash");
CREATE INDEX "Calendar_source_lastAttemptAt_idx" ON "Calendar"("source", "lastAttemptAt");
CREATE INDEX "CalendarEvent_agentId_uid_recurrenceId_idx" ON "CalendarEvent"("agentId", "uid", "recurrenceId");
CREATE INDEX "CalendarEventSource_eventId_idx" ON "CalendarEventSource"("eventId");

ALTER TABLE "Calendar" ADD CONSTRAINT "Calendar_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CalendarEventSource" ADD CONSTRAINT "CalendarEventSource_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "Calendar"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CalendarEventSource" ADD CONSTRAINT "CalendarEventSource_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "CalendarEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
