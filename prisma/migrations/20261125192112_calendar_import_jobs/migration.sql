-- Calendar imports run in the jobs process (issue 21): the web marks a calendar whose import is
-- queued or running, and the jobs process clears the mark when it is done.
ALTER TABLE "Calendar" ADD COLUMN "importRequestedAt" TIMESTAMPTZ(3);
