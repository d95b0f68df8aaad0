-- The API for other software (docs/api.md): personal API keys, the event outbox behind webhooks and
-- the meeting event stream, webhook endpoints and their deliveries.
CREATE TYPE "ApiKeyScope" AS ENUM ('read', 'full');
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "scope" "ApiKeyScope" NOT NULL,
    "expiresAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ApiEvent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "meetingId" TEXT,
    "meetingSeq" INTEGER,
    "data" JSONB NOT NULL,
    "dispatchedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookEndpoint" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "events" TEXT[],
    "secretEnc" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT,
    "failingSince" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3),
    "lastAttemptAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "WebhookAttempt" (
    "id" BIGSERIAL NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "statusCode" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "responseExcerpt" TEXT,
    "error" TEXT,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");
CREATE INDEX "ApiKey_userId_createdAt_idx" ON "ApiKey"("userId", "createdAt");
CREATE UNIQUE INDEX "ApiEvent_meetingId_meetingSeq_key" ON "ApiEvent"("meetingId", "meetingSeq");
CREATE INDEX "ApiEvent_dispatchedAt_idx" ON "ApiEvent"("dispatchedAt");
CREATE INDEX "ApiEvent_userId_createdAt_idx" ON "ApiEvent"("userId", "createdAt");
CREATE INDEX "WebhookEndpoint_userId_createdAt_idx" ON "WebhookEndpoint"("userId", "createdAt");
CREATE UNIQUE INDEX "WebhookDelivery_endpointId_eventId_key" ON "WebhookDelivery"("endpointId", "eventId");
CREATE INDEX "WebhookDelivery_endpointId_createdAt_idx" ON "WebhookDelivery"("endpointId", "createdAt");
CREATE INDEX "WebhookDelivery_eventId_idx" ON "WebhookDelivery"("eventId");
CREATE INDEX "WebhookAttempt_deliveryId_attempt_idx" ON "WebhookAttempt"("deliveryId", "attempt");

ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ApiEvent" ADD CONSTRAINT "ApiEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "ApiEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every new event wakes the webhook relay in the workers and the meeting's event streams in the web
-- processes (the payload is the meeting id, or empty). NOTIFY is sent when the transaction commits.
CREATE FUNCTION "api_event_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('cohost_api_events', COALESCE(NEW."meetingId", ''));
    RETURN NULL;
END;
$$;

CREATE TRIGGER "ApiEvent_notify" AFTER INSERT ON "ApiEvent"
    FOR EACH ROW EXECUTE FUNCTION "api_event_notify"();

-- calendar.event: calendar events are written from many places (imports, syncs, confirm, edit,
-- delete, removing a calendar or an agent), so the outbox row is written here, in the writer's own
-- transaction, for every one of them. A snapshot of the event as it is now; an event removed with its
-- user is nobody's to tell.
CREATE FUNCTION "calendar_event_outbox"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ev "CalendarEvent";
    action TEXT;
BEGIN
    IF TG_OP = 'INSERT' THEN
        ev := NEW;
        action := 'created';
    ELSIF TG_OP = 'DELETE' THEN
        ev := OLD;
        IF OLD."deletedAt" IS NOT NULL OR OLD."status" = 'cancelled' THEN
            RETURN NULL;
        END IF;
        action := 'cancelled';
    ELSE
        ev := NEW;
        IF (NEW."deletedAt" IS NOT NULL AND OLD."deletedAt" IS NULL) OR (NEW."status" = 'cancelled' AND OLD."status" <> 'cancelled') THEN
            action := 'cancelled';
        ELSIF (OLD."title", OLD."description", OLD."organizerEmail", OLD."startsAt", OLD."endsAt", OLD."meetingUrl", OLD."platform", OLD."status", OLD."deletedAt")
            IS DISTINCT FROM (NEW."title", NEW."description", NEW."organizerEmail", NEW."startsAt", NEW."endsAt", NEW."meetingUrl", NEW."platform", NEW."status", NEW."deletedAt") THEN
            action := 'updated';
        ELSE
            RETURN NULL;
        END IF;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM "User" WHERE "id" = ev."userId") THEN
        RETURN NULL;
    END IF;
    INSERT INTO "ApiEvent" ("id", "userId", "type", "data") VALUES (
        'msg_' || replace(gen_random_uuid()::text, '-', ''),
        ev."userId",
        'calendar.event',
        jsonb_build_object(
            'action', action,
            'event', jsonb_build_object(
                'id', ev."id",
                'agentId', ev."agentId",
                'title', ev."title",
                'description', ev."description",
                'organizerEmail', ev."organizerEmail",
                'startsAt', to_char(ev."startsAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'endsAt', to_char(ev."endsAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'meetingUrl', ev."meetingUrl",
                'platform', ev."platform"::text,
                'status', ev."status"::text,
                'deleted', TG_OP = 'DELETE' OR ev."deletedAt" IS NOT NULL
            )
        )
    );
    RETURN NULL;
END;
$$;

CREATE TRIGGER "CalendarEvent_outbox" AFTER INSERT OR UPDATE OR DELETE ON "CalendarEvent"
    FOR EACH ROW EXECUTE FUNCTION "calendar_event_outbox"();
