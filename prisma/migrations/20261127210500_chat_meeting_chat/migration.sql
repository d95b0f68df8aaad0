-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "chatAnswerAloud" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "chatEntryEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "chatEntryText" TEXT;

-- AlterTable
ALTER TABLE "TranscriptSegment" ADD COLUMN     "chat" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "RoomChatMessage" (
    "id" BIGSERIAL NOT NULL,
    "roomId" TEXT NOT NULL,
    "fromId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RoomChatMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RoomChatMessage_roomId_id_idx" ON "RoomChatMessage"("roomId", "id");

-- CreateIndex
CREATE INDEX "RoomChatMessage_fromId_createdAt_idx" ON "RoomChatMessage"("fromId", "createdAt");

-- AddForeignKey
ALTER TABLE "RoomChatMessage" ADD CONSTRAINT "RoomChatMessage_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;
