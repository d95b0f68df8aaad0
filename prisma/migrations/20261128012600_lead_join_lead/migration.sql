-- Per-agent join lead time in minutes (null: the operator's MEETING_JOIN_LEAD_SECONDS).
ALTER TABLE "Agent" ADD COLUMN "joinLeadMinutes" INTEGER;
