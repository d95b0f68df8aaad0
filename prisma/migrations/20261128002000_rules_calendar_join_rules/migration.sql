-- Which meetings the agent joins (issue 28): connected calendars keep the owner's own answer and
-- whether they organise the event; an event the calendar's rule leaves out (or the user switched off)
-- is "skipped"; the user's per-event switch overrides the rule.
ALTER TYPE "CalendarEventStatus" ADD VALUE 'skipped';

CREATE TYPE "CalendarResponse" AS ENUM ('accepted', 'tentative', 'declined', 'needsAction', 'none');

ALTER TABLE "CalendarEvent" ADD COLUMN "myResponse" "CalendarResponse";
ALTER TABLE "CalendarEvent" ADD COLUMN "organizedByMe" BOOLEAN;
ALTER TABLE "CalendarEvent" ADD COLUMN "joinOverride" BOOLEAN;
ALTER TABLE "CalendarEvent" ADD COLUMN "joinRuleMiss" TEXT;
