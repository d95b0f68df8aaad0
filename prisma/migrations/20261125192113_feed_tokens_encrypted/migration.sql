-- Feed addresses can be shown again (issue 18): the token is kept encrypted (AES-256-GCM with
-- APP_ENCRYPTION_KEY) beside the hash that finds it. Addresses made before have no encrypted copy:
-- they keep working and are shown again after the next "New address".
ALTER TABLE "Agent" ADD COLUMN "calendarTokenEnc" TEXT;
ALTER TABLE "User" ADD COLUMN "calendarFeedTokenEnc" TEXT;
