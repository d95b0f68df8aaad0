-- Signed-in bots (issue 27): an agent's Google or Microsoft browser session, encrypted (lib/crypto/secrets.ts).
ALTER TABLE "Agent" ADD COLUMN "botSessionProvider" TEXT,
ADD COLUMN "botSessionLabel" TEXT,
ADD COLUMN "botSessionEnc" TEXT,
ADD COLUMN "botSessionUploadedAt" TIMESTAMPTZ(3),
ADD COLUMN "botSessionExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN "botSessionRejectedAt" TIMESTAMPTZ(3);
