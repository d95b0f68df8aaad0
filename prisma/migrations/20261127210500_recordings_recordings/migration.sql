-- CreateEnum
CREATE TYPE "RecordingStatus" AS ENUM ('recording', 'ready', 'deleted', 'failed');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "recordingRetentionDays" INTEGER DEFAULT 30;

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "recordMeetings" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Recording" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" "RecordingStatus" NOT NULL DEFAULT 'recording',
    "parts" JSONB NOT NULL DEFAULT '[]',
    "mimeType" TEXT NOT NULL DEFAULT 'audio/webm',
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" TIMESTAMPTZ(3),
    "deletedAt" TIMESTAMPTZ(3),
    "deletedReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Recording_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Recording_meetingId_key" ON "Recording"("meetingId");

-- CreateIndex
CREATE INDEX "Recording_userId_status_readyAt_idx" ON "Recording"("userId", "status", "readyAt");

-- AddForeignKey
ALTER TABLE "Recording" ADD CONSTRAINT "Recording_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Recording" ADD CONSTRAINT "Recording_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
