-- Meetings are run by bot workers: a run id per attempt, the pg-boss job that starts it, the worker
-- holding it and its heartbeat, manual activation; plus what a run records (participants, the agent's
-- provider usage, per-reply latency) and timeline details.
ALTER TABLE "Meeting" ADD COLUMN "runId" TEXT,
ADD COLUMN "jobId" TEXT,
ADD COLUMN "workerId" TEXT,
ADD COLUMN "heartbeatAt" TIMESTAMPTZ(3),
ADD COLUMN "joinRequestedAt" TIMESTAMPTZ(3),
ADD COLUMN "activated" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "MeetingEvent" ADD COLUMN "data" JSONB;

ALTER TABLE "TranscriptSegment" ADD COLUMN "interrupted" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "MeetingParticipant" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isAgent" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" TIMESTAMPTZ(3),

    CONSTRAINT "MeetingParticipant_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MeetingProviderUsage" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "kind" "ProviderKind" NOT NULL,
    "providerId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "audioMs" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "characters" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MeetingProviderUsage_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MeetingTurn" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "turnId" INTEGER NOT NULL,
    "transcriptMs" INTEGER,
    "llmFirstTokenMs" INTEGER,
    "ttsFirstAudioMs" INTEGER,
    "voiceToVoiceMs" INTEGER,
    "interrupted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MeetingTurn_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "MeetingParticipant_meetingId_externalId_key" ON "MeetingParticipant"("meetingId", "externalId");
CREATE UNIQUE INDEX "MeetingProviderUsage_meetingId_kind_providerId_model_key" ON "MeetingProviderUsage"("meetingId", "kind", "providerId", "model");
CREATE INDEX "MeetingTurn_meetingId_createdAt_idx" ON "MeetingTurn"("meetingId", "createdAt");
-- A meeting's cost is the sum of its usage entries.
CREATE INDEX "LedgerEntry_meetingId_idx" ON "LedgerEntry"("meetingId");

ALTER TABLE "MeetingParticipant" ADD CONSTRAINT "MeetingParticipant_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MeetingProviderUsage" ADD CONSTRAINT "MeetingProviderUsage_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MeetingTurn" ADD CONSTRAINT "MeetingTurn_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
