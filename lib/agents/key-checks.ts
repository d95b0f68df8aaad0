import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { PROVIDER_KINDS, type ProviderKind } from "../providers/catalogue.ts";

export type KeyCheckStatus = "valid" | "invalid" | "unreachable" | "unchecked";

/** Records what a "Test key" of an agent's stored key found, for the agent list's key badge. */
export async function recordKeyCheck(agentId: string, kind: ProviderKind, providerId: string, status: KeyCheckStatus, client: Prisma.TransactionClient | typeof db = db): Promise<void> {
  const checkedAt = new Date();
  await client.agentKeyCheck.upsert({
    where: { agentId_kind: { agentId, kind } },
    create: { agentId, kind, providerId, status, checkedAt },
    update: { providerId, status, checkedAt },
  });
}

/** After a save: a step whose key or provider changed is "unchecked" again (newer than any earlier failure). */
export async function markChangedKeysUnchecked(
  tx: Prisma.TransactionClient,
  before: Record<`${ProviderKind}ProviderId` | `${ProviderKind}ApiKeyEnc`, string | null>,
  after: Record<`${ProviderKind}ProviderId` | `${ProviderKind}ApiKeyEnc`, string | null>,
  agentId: string,
): Promise<void> {
  for (const kind of PROVIDER_KINDS) {
    const changed = before[`${kind}ProviderId`] !== after[`${kind}ProviderId`] || before[`${kind}ApiKeyEnc`] !== after[`${kind}ApiKeyEnc`];
    if (changed) await recordKeyCheck(agentId, kind, after[`${kind}ProviderId`]!, "unchecked", tx);
  }
}

export interface KeyProblem {
  kind: ProviderKind;
  providerId: string;
  /** Where the key was last refused: a Test key, or the agent's last meeting. */
  source: "test" | "meeting";
  at: Date;
  meetingId: string | null;
}

/**
 * Keys of these agents that were refused the last time anyone knew: a Test key that said "invalid",
 * or a meeting that failed on the key (invalid_key), unless a later check or save says otherwise.
 */
/** What is known about an agent's stored keys: the refused ones, and the ones no Test key has passed yet. */
export interface KeyStanding {
  problems: KeyProblem[];
  /** Steps with a stored key that no Test key has passed since it was saved (and none refused). */
  untested: ProviderKind[];
}

type AgentKeys = { id: string } & Record<`${ProviderKind}ProviderId`, string> & Record<`${ProviderKind}ApiKeyEnc`, string | null>;

export async function keyStandings(userId: string, agents: AgentKeys[]): Promise<Map<string, KeyStanding>> {
  const ids = agents.map((a) => a.id);
  const out = new Map<string, KeyStanding>();
  if (ids.length === 0) return out;
  const [checks, failures] = await Promise.all([
    db.agentKeyCheck.findMany({ where: { agentId: { in: ids } } }),
    // The newest provider failure of each agent and step (the bot's event data names both).
    db.$queryRaw<{ agentId: string; kind: ProviderKind; provider: string; error: string; at: Date; meetingId: string }[]>`
      SELECT DISTINCT ON (m."agentId", e.data->>'kind')
             m."agentId", e.data->>'kind' AS kind, e.data->>'provider' AS provider, e.data->>'error' AS error, e."createdAt" AS at, m.id AS "meetingId"
      FROM "MeetingEvent" e JOIN "Meeting" m ON m.id = e."meetingId"
      WHERE m."userId" = ${userId} AND m."agentId" = ANY(${ids}) AND e.reason = 'provider_error' AND e.data->>'kind' IS NOT NULL
      ORDER BY m."agentId", e.data->>'kind', e."createdAt" DESC`,
  ]);
  for (const agent of agents) {
    const problems: KeyProblem[] = [];
    const untested: ProviderKind[] = [];
    for (const kind of PROVIDER_KINDS) {
      const providerId = agent[`${kind}ProviderId`];
      const check = checks.find((c) => c.agentId === agent.id && c.kind === kind && c.providerId === providerId);
      const failure = failures.find((f) => f.agentId === agent.id && f.kind === kind && f.provider === providerId);
      const failedLater = failure && failure.error === "invalid_key" && (!check || failure.at > check.checkedAt);
      if (failedLater) problems.push({ kind, providerId, source: "meeting", at: failure.at, meetingId: failure.meetingId });
      else if (check?.status === "invalid") problems.push({ kind, providerId, source: "test", at: check.checkedAt, meetingId: null });
      else if (agent[`${kind}ApiKeyEnc`] !== null && check?.status !== "valid") untested.push(kind);
    }
    out.set(agent.id, { problems, untested });
  }
  return out;
}
