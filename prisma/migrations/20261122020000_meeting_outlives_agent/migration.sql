-- Deleting an agent cancels its open meetings; the meetings stay in the history (and usage entries
-- keep their meeting title), so the agent link becomes optional instead of cascading.
ALTER TABLE "Meeting" DROP CONSTRAINT "Meeting_agentId_fkey";
ALTER TABLE "Meeting" ALTER COLUMN "agentId" DROP NOT NULL;
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;
