-- Usage history pages need the number of usage entries; counting a million index entries per request
-- is too slow, so the ledger writer keeps this count in the same statement as the balance.
ALTER TABLE "CreditAccount" ADD COLUMN "usageEntryCount" INTEGER NOT NULL DEFAULT 0;

UPDATE "CreditAccount" a SET "usageEntryCount" = c.n
FROM (SELECT "accountId", count(*)::int AS n FROM "LedgerEntry" WHERE "type" = 'usage' GROUP BY "accountId") c
WHERE c."accountId" = a."id";
