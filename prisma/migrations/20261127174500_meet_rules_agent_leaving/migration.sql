-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "leaveAloneSeconds" INTEGER NOT NULL DEFAULT 60,
ADD COLUMN     "leaveBotKeywords" TEXT[] DEFAULT ARRAY['bot', 'notetaker', 'note taker', 'otter', 'fireflies', 'fathom', 'read.ai', 'recall', 'tldv', 'meetgeek']::TEXT[],
ADD COLUMN     "leaveMaxDurationSeconds" INTEGER NOT NULL DEFAULT 14400,
ADD COLUMN     "leaveNobodyJoinedSeconds" INTEGER NOT NULL DEFAULT 600,
ADD COLUMN     "leaveSilenceGraceSeconds" INTEGER NOT NULL DEFAULT 1200,
ADD COLUMN     "leaveSilenceSeconds" INTEGER NOT NULL DEFAULT 600,
ADD COLUMN     "leaveWaitingRoomSeconds" INTEGER NOT NULL DEFAULT 900;
