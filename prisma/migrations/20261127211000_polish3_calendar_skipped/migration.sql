-- What the last import of a calendar left out, for the user (issue 31): occurrences without a meeting
-- link (nothing to join) and all-day events (an agent cannot join a day).
ALTER TABLE "Calendar" ADD COLUMN "skippedNoLink" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Calendar" ADD COLUMN "skippedAllDay" INTEGER NOT NULL DEFAULT 0;
