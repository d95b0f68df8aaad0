-- One row per e-mail sent about an agent's retiring model, so the daily job writes each owner once
-- per agent, model and retirement date (docs/providers.md "Retiring models").
CREATE TABLE "ModelRetirementNotice" (
    "agentId" TEXT NOT NULL,
    "kind" "ProviderKind" NOT NULL,
    "model" TEXT NOT NULL,
    "retiresOn" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelRetirementNotice_pkey" PRIMARY KEY ("agentId","kind","model","retiresOn")
);

ALTER TABLE "ModelRetirementNotice" ADD CONSTRAINT "ModelRetirementNotice_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
