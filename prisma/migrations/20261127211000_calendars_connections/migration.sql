-- Calendars from Google and Microsoft accounts (issue 28, docs/calendars.md "Connected calendars"):
-- a connection per account, its events in a Calendar of source google/microsoft.
ALTER TYPE "CalendarSource" ADD VALUE 'google';
ALTER TYPE "CalendarSource" ADD VALUE 'microsoft';

CREATE TYPE "CalendarJoinRule" AS ENUM ('all', 'organized', 'accepted', 'keyword');

CREATE TABLE "CalendarConnection" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "calendarId" TEXT NOT NULL,
    "provider" "CalendarSource" NOT NULL,
    "accountEmail" TEXT NOT NULL DEFAULT '',
    "accessTokenEnc" TEXT NOT NULL,
    "refreshTokenEnc" TEXT,
    "accessTokenExpiresAt" TIMESTAMPTZ(3) NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "reconnectReason" TEXT,
    "reconnectMailedAt" TIMESTAMPTZ(3),
    "syncState" TEXT,
    "syncWindowStart" TIMESTAMPTZ(3),
    "items" JSONB NOT NULL DEFAULT '{}',
    "channelId" TEXT,
    "channelResourceId" TEXT,
    "channelSecretHash" TEXT,
    "channelExpiresAt" TIMESTAMPTZ(3),
    "joinRule" "CalendarJoinRule" NOT NULL DEFAULT 'all',
    "joinKeyword" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CalendarConnection_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "CalendarConnection_calendarId_key" ON "CalendarConnection"("calendarId");
CREATE INDEX "CalendarConnection_userId_idx" ON "CalendarConnection"("userId");
CREATE INDEX "CalendarConnection_channelId_idx" ON "CalendarConnection"("channelId");

ALTER TABLE "CalendarConnection" ADD CONSTRAINT "CalendarConnection_calendarId_fkey" FOREIGN KEY ("calendarId") REFERENCES "Calendar"("id") ON DELETE CASCADE ON UPDATE CASCADE;
