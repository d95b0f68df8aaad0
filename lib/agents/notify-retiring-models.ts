import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { sendMail } from "../mail/send.ts";
import { retiringModelMail } from "../mail/templates.ts";
import { catalogueEntry, PROVIDER_CATALOGUE } from "../providers/catalogue.ts";
import { agentRetirements, hasRetired } from "../providers/retirements.ts";

/**
 * The daily job (QUEUES.modelRetirements): e-mails each owner once about every agent whose model
 * retires within 30 days (or has retired). The notice row is written first (its primary key makes a
 * second writer, another worker or a rerun, skip it) and removed again if the mail cannot be sent,
 * so the next run sends it then. One e-mail per agent, model and retirement date.
 */
export async function notifyRetiringModels(now = new Date()): Promise<{ sent: number; failed: number }> {
  const retiring = (kind: "stt" | "ai" | "tts") => PROVIDER_CATALOGUE.filter((p) => p.kind === kind && p.retirements).map((p) => p.id);
  const agents = await db.agent.findMany({
    where: { OR: [{ sttProviderId: { in: retiring("stt") } }, { aiProviderId: { in: retiring("ai") } }, { ttsProviderId: { in: retiring("tts") } }] },
    include: { user: { select: { email: true } } },
  });
  let sent = 0;
  let failed = 0;
  for (const agent of agents) {
    for (const r of agentRetirements(agent, now)) {
      const key = { agentId: agent.id, kind: r.kind, model: r.model, retiresOn: r.retiresOn };
      try {
        await db.modelRetirementNotice.create({ data: key });
      } catch (err) {
        // Already sent (or being sent by another worker).
        if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") continue;
        throw err;
      }
      try {
        const providerName = catalogueEntry(r.kind, r.providerId)?.name ?? r.providerId;
        await sendMail(retiringModelMail(agent.user.email, agent, { ...r, providerName, retired: hasRetired(r, now) }));
        sent++;
      } catch {
        failed++;
        await db.modelRetirementNotice.delete({ where: { agentId_kind_model_retiresOn: key } }).catch(() => {});
      }
    }
  }
  return { sent, failed };
}
