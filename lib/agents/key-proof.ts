import { digestMatches, sealDigest } from "../crypto/secrets.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { PROVIDER_KINDS, type ProviderKind } from "../providers/catalogue.ts";
import { recordKeyCheck } from "./key-checks.ts";

// A typed key that passed "Test key" before the agent was saved: the check answers a proof (a keyed
// digest of the user, step, provider and key), the form sends it back with the save, and the saved key
// counts as tested. Without it a newly saved key is "not tested yet" on the agent's card (issue 31).

const PURPOSE = "key-tested";
const subject = (userId: string, kind: ProviderKind, providerId: string, apiKey: string) => JSON.stringify([userId, kind, providerId, apiKey]);

export function testedKeyProof(userId: string, kind: ProviderKind, providerId: string, apiKey: string): string {
  return sealDigest(PURPOSE, subject(userId, kind, providerId, apiKey));
}

type SavedKeys = Partial<Record<`${ProviderKind}ApiKey`, string>> & Record<`${ProviderKind}ProviderId`, string> & { keyProofs?: Partial<Record<ProviderKind, string>> };

/** After a save: each newly saved key whose proof matches it is recorded as a passed test. */
export async function recordProvenKeys(tx: Prisma.TransactionClient, userId: string, agentId: string, input: SavedKeys): Promise<void> {
  for (const kind of PROVIDER_KINDS) {
    const apiKey = input[`${kind}ApiKey`]?.trim();
    const proof = input.keyProofs?.[kind];
    if (!apiKey || !proof) continue;
    const providerId = input[`${kind}ProviderId`];
    if (digestMatches(PURPOSE, subject(userId, kind, providerId, apiKey), proof)) await recordKeyCheck(agentId, kind, providerId, "valid", tx);
  }
}
