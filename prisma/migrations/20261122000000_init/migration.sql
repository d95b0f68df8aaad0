-- CreateEnum
CREATE TYPE "EmailTokenPurpose" AS ENUM ('verify_email', 'reset_password');
CREATE TYPE "ProviderKind" AS ENUM ('stt', 'ai', 'tts');
CREATE TYPE "AgentStatus" AS ENUM ('active', 'paused');
CREATE TYPE "MeetingPlatform" AS ENUM ('zoom', 'teams', 'meet');
CREATE TYPE "MeetingStatus" AS ENUM ('scheduled', 'joining', 'waiting_room', 'in_progress', 'completed', 'cancelled', 'failed');
CREATE TYPE "CalendarSource" AS ENUM ('upload', 'subscription');
CREATE TYPE "CalendarEventStatus" AS ENUM ('pending_confirmation', 'confirmed', 'rejected', 'no_link', 'cancelled');
CREATE TYPE "LedgerEntryType" AS ENUM ('topup', 'auto_refill', 'usage', 'refund', 'dispute', 'adjustment');
CREATE TYPE "TopUpStatus" AS ENUM ('pending', 'completed', 'failed', 'expired', 'refunded');
CREATE TYPE "TopUpMethod" AS ENUM ('checkout', 'auto_refill', 'test_checkout');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" TIMESTAMPTZ(3),
    "passwordHash" TEXT,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "locale" TEXT,
    "calendarFeedTokenHash" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Account" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,
    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "sessionToken" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "VerificationToken" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL
);

CREATE TABLE "RefreshToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "replacedById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RefreshToken_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "EmailToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "purpose" "EmailTokenPurpose" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailToken_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "RateLimitBucket" (
    "key" TEXT NOT NULL,
    "windowStart" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "RateLimitBucket_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "Provider" (
    "kind" "ProviderKind" NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "defaultModel" TEXT,
    "models" JSONB NOT NULL DEFAULT '[]',
    "voices" JSONB NOT NULL DEFAULT '[]',
    "extraParams" JSONB NOT NULL DEFAULT '[]',
    "docsUrl" TEXT,
    "baseUrl" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "Provider_pkey" PRIMARY KEY ("kind","id")
);

CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL DEFAULT 'en',
    "wakeWord" TEXT,
    "manualActivation" BOOLEAN NOT NULL DEFAULT false,
    "transcript" BOOLEAN NOT NULL DEFAULT true,
    "sttProviderId" TEXT NOT NULL,
    "sttApiKeyEnc" TEXT,
    "sttApiKeyHint" TEXT,
    "sttExtraParams" JSONB NOT NULL DEFAULT '{}',
    "aiProviderId" TEXT NOT NULL,
    "aiApiKeyEnc" TEXT,
    "aiApiKeyHint" TEXT,
    "aiExtraParams" JSONB NOT NULL DEFAULT '{}',
    "ttsProviderId" TEXT NOT NULL,
    "ttsApiKeyEnc" TEXT,
    "ttsApiKeyHint" TEXT,
    "ttsExtraParams" JSONB NOT NULL DEFAULT '{}',
    "meetingPlatform" "MeetingPlatform" NOT NULL DEFAULT 'meet',
    "requireConfirmation" BOOLEAN NOT NULL DEFAULT false,
    "whitelistedEmails" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "accessControlEnabled" BOOLEAN NOT NULL DEFAULT false,
    "zoomAppKey" TEXT,
    "zoomAppSecretEnc" TEXT,
    "zoomAppSecretHint" TEXT,
    "status" "AgentStatus" NOT NULL DEFAULT 'active',
    "calendarTokenHash" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Meeting" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "meetingUrl" TEXT NOT NULL,
    "platform" "MeetingPlatform" NOT NULL,
    "status" "MeetingStatus" NOT NULL DEFAULT 'scheduled',
    "statusReason" TEXT,
    "scheduledStart" TIMESTAMPTZ(3) NOT NULL,
    "scheduledEnd" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "endedAt" TIMESTAMPTZ(3),
    "billedTicks" INTEGER NOT NULL DEFAULT 0,
    "calendarEventId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "Meeting_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MeetingEvent" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "fromStatus" "MeetingStatus",
    "toStatus" "MeetingStatus" NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MeetingEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "TranscriptSegment" (
    "id" TEXT NOT NULL,
    "meetingId" TEXT NOT NULL,
    "speaker" TEXT NOT NULL,
    "isAgent" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL,
    "startMs" INTEGER NOT NULL,
    "endMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TranscriptSegment_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Calendar" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "agentId" TEXT,
    "name" TEXT NOT NULL,
    "source" "CalendarSource" NOT NULL,
    "sourceUrl" TEXT,
    "lastSyncedAt" TIMESTAMPTZ(3),
    "syncError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "Calendar_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "CalendarEvent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "calendarId" TEXT,
    "uid" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT,
    "organizerEmail" TEXT,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3),
    "meetingUrl" TEXT,
    "platform" "MeetingPlatform",
    "status" "CalendarEventStatus" NOT NULL DEFAULT 'pending_confirmation',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "CalendarEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "CreditAccount" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "balanceMicros" BIGINT NOT NULL DEFAULT 0,
    "autoRefillEnabled" BOOLEAN NOT NULL DEFAULT false,
    "autoRefillAmountMicros" BIGINT NOT NULL DEFAULT 0,
    "autoRefillThresholdMicros" BIGINT NOT NULL DEFAULT 5000000,
    "autoRefillFailures" INTEGER NOT NULL DEFAULT 0,
    "autoRefillPendingSince" TIMESTAMPTZ(3),
    "autoRefillLastError" TEXT,
    "stripeCustomerId" TEXT,
    "stripePaymentMethodId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "CreditAccount_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "LedgerEntry" (
    "id" BIGSERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" "LedgerEntryType" NOT NULL,
    "amountMicros" BIGINT NOT NULL,
    "balanceAfterMicros" BIGINT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "action" TEXT,
    "quantity" INTEGER,
    "unitPriceMicros" BIGINT,
    "pricingRateId" TEXT,
    "meetingId" TEXT,
    "agentId" TEXT,
    "topUpId" TEXT,
    "description" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "TopUp" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amountMicros" BIGINT NOT NULL,
    "status" "TopUpStatus" NOT NULL DEFAULT 'pending',
    "method" "TopUpMethod" NOT NULL,
    "stripeCheckoutSessionId" TEXT,
    "stripePaymentIntentId" TEXT,
    "failureReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    CONSTRAINT "TopUp_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "PricingRate" (
    "id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "priceMicros" BIGINT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "effectiveFrom" TIMESTAMPTZ(3) NOT NULL,
    "effectiveTo" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PricingRate_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Feedback" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "path" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Feedback_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_calendarFeedTokenHash_key" ON "User"("calendarFeedTokenHash");
CREATE INDEX "Account_userId_idx" ON "Account"("userId");
CREATE UNIQUE INDEX "Account_provider_providerAccountId_key" ON "Account"("provider", "providerAccountId");
CREATE UNIQUE INDEX "Session_sessionToken_key" ON "Session"("sessionToken");
CREATE INDEX "Session_userId_idx" ON "Session"("userId");
CREATE UNIQUE INDEX "VerificationToken_token_key" ON "VerificationToken"("token");
CREATE UNIQUE INDEX "VerificationToken_identifier_token_key" ON "VerificationToken"("identifier", "token");
CREATE UNIQUE INDEX "RefreshToken_tokenHash_key" ON "RefreshToken"("tokenHash");
CREATE INDEX "RefreshToken_userId_idx" ON "RefreshToken"("userId");
CREATE INDEX "RefreshToken_familyId_idx" ON "RefreshToken"("familyId");
CREATE UNIQUE INDEX "EmailToken_tokenHash_key" ON "EmailToken"("tokenHash");
CREATE INDEX "EmailToken_userId_purpose_idx" ON "EmailToken"("userId", "purpose");
CREATE UNIQUE INDEX "Agent_calendarTokenHash_key" ON "Agent"("calendarTokenHash");
CREATE INDEX "Agent_userId_createdAt_idx" ON "Agent"("userId", "createdAt");
CREATE UNIQUE INDEX "Meeting_calendarEventId_key" ON "Meeting"("calendarEventId");
CREATE INDEX "Meeting_userId_scheduledStart_idx" ON "Meeting"("userId", "scheduledStart");
CREATE INDEX "Meeting_agentId_status_idx" ON "Meeting"("agentId", "status");
CREATE INDEX "Meeting_status_scheduledStart_idx" ON "Meeting"("status", "scheduledStart");
CREATE INDEX "MeetingEvent_meetingId_createdAt_idx" ON "MeetingEvent"("meetingId", "createdAt");
CREATE INDEX "TranscriptSegment_meetingId_startMs_idx" ON "TranscriptSegment"("meetingId", "startMs");
CREATE INDEX "Calendar_userId_createdAt_idx" ON "Calendar"("userId", "createdAt");
CREATE INDEX "CalendarEvent_userId_startsAt_idx" ON "CalendarEvent"("userId", "startsAt");
CREATE INDEX "CalendarEvent_agentId_startsAt_idx" ON "CalendarEvent"("agentId", "startsAt");
CREATE UNIQUE INDEX "CalendarEvent_agentId_meetingUrl_startsAt_key" ON "CalendarEvent"("agentId", "meetingUrl", "startsAt");
CREATE UNIQUE INDEX "CreditAccount_userId_key" ON "CreditAccount"("userId");
CREATE UNIQUE INDEX "CreditAccount_stripeCustomerId_key" ON "CreditAccount"("stripeCustomerId");
CREATE INDEX "LedgerEntry_userId_type_id_idx" ON "LedgerEntry"("userId", "type", "id");
CREATE INDEX "LedgerEntry_accountId_createdAt_idx" ON "LedgerEntry"("accountId", "createdAt");
CREATE UNIQUE INDEX "LedgerEntry_accountId_idempotencyKey_key" ON "LedgerEntry"("accountId", "idempotencyKey");
CREATE UNIQUE INDEX "TopUp_stripeCheckoutSessionId_key" ON "TopUp"("stripeCheckoutSessionId");
CREATE UNIQUE INDEX "TopUp_stripePaymentIntentId_key" ON "TopUp"("stripePaymentIntentId");
CREATE INDEX "TopUp_userId_createdAt_idx" ON "TopUp"("userId", "createdAt");
CREATE INDEX "PricingRate_action_effectiveFrom_idx" ON "PricingRate"("action", "effectiveFrom");
CREATE INDEX "Feedback_userId_createdAt_idx" ON "Feedback"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RefreshToken" ADD CONSTRAINT "RefreshToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EmailToken" ADD CONSTRAINT "EmailToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_calendarEventId_fkey" FOREIGN KEY ("calendarEventId") REFERENCES "CalendarEvent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "MeetingEvent" ADD CONSTRAINT "MeetingEvent_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TranscriptSegment" ADD CONSTRAINT "TranscriptSegment_meetingId_fkey" FOREIGN KEY ("meetingId") REFERENCES "Meeting"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Calendar" ADD CONSTRAINT "Calendar_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CalendarEvent" ADD CONSTRAINT "CalendarEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CalendarEvent" ADD CONSTRAINT "CalendarEvent_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CalendarEvent" ADD CONSTRAINT "CalendarEvent_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "Calendar"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CreditAccount" ADD CONSTRAINT "CreditAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "CreditAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TopUp" ADD CONSTRAINT "TopUp_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
