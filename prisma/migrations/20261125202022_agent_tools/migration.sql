-- Tools and after-meeting summaries (docs/tools.md): the agent's time zone and summary setting, its MCP
-- servers, tool calls on transcript lines and reply metrics, notes taken in meetings, and summaries.
CREATE TYPE "MeetingNoteKind" AS ENUM ('note', 'action_item');
CREATE TYPE "MeetingSummaryStatus" AS ENUM ('pending', 'running', 'done', 'failed', 'empty');

ALTER TABLE "Agent" ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN "summaries" BOOLEAN NOT NULL DEFAULT true;

ALTER TABLE "TranscriptSegment" ADD COLUMN "tool" JSONB;

ALTER TABLE "MeetingTurn" ADD COLUMN "toolCalls" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "toolMs" INTEGER;

CREATE TABLE "AgentMcpServer" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "tokenEnc" TEXT,
    "tokenHint" TEXT,
    "headersEnc" TEXT,
    "headerNames" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "disabledTools" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentMcpServer_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MeetingNote" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "kind" "MeetingNoteKind" NOT NULL,
    "text" TEXT NOT NULL,
    "owner" TEXT,
    "due" TEXT,
    "askedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MeetingNote_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MeetingSummary" (
    "meetingId" TEXT NOT NULL,
    "status" "MeetingSummaryStatus" NOT NULL DEFAULT 'pending',
    "summary" TEXT NOT NULL DEFAULT '',
    "decisions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "actionItems" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "providerId" TEXT,
    "model" TEXT,
    "emailedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MeetingSummary_pkey" PRIMARY KEY ("meetingId")
);

CREATE INDEX "AgentMcpServer_agentId_position_idx" ON "AgentMcpServer"("agentId", "position");
CREATE INDEX "MeetingNote_meetingId_createdAt_idx" ON "MeetingNote"("meetingId", "createdAt");

ALTER TABLE "AgentMcpServer" ADD CONSTRAINT "AgentMcpServer_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MeetingNote" ADD CONSTRAINT "MeetingNote_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MeetingSummary" ADD CONSTRAINT "MeetingSummary_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
