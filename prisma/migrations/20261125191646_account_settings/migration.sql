-- AlterTable
ALTER TABLE "User" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterEnum
ALTER TYPE "EmailTokenPurpose" ADD VALUE 'change_email';

-- AlterTable
ALTER TABLE "EmailToken" ADD COLUMN "newEmail" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN "keyTestedAt" TIMESTAMPTZ(3),
ADD COLUMN "checklistDismissedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "TopUp" ADD COLUMN "receiptSentAt" TIMESTAMPTZ(3);
