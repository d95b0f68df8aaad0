-- The last thing known about each of an agent's stored keys: a "Test key" of the stored key, or
-- "unchecked" after the key or provider changed (docs/providers.md "Keys an agent needs"). One row
-- per agent and pipeline step; the agent list shows a rejected key beside a meeting's key failure.
CREATE TABLE "AgentKeyCheck" (
    "agentId" TEXT NOT NULL,
    "kind" "ProviderKind" NOT NULL,
    "providerId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "checkedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentKeyCheck_pkey" PRIMARY KEY ("agentId","kind")
);

ALTER TABLE "AgentKeyCheck" ADD CONSTRAINT "AgentKeyCheck_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
