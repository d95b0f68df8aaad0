import type { ProviderKind } from "@/lib/providers/catalogue";
import type { FormValues } from "./form-values";

// Proofs that a typed key passed "Test key" (lib/agents/key-proof.ts), by step, provider and key: sent
// with the save, so the saved key counts as tested. Held for the tab's life; the server accepts a proof
// only for the user, step, provider and key it was given for.
const proofs = new Map<string, string>();
const slot = (kind: ProviderKind, providerId: string, apiKey: string) => JSON.stringify([kind, providerId, apiKey.trim()]);

export function rememberProof(kind: ProviderKind, providerId: string, apiKey: string, proof: string | undefined): void {
  if (proof) proofs.set(slot(kind, providerId, apiKey), proof);
}

/** The proofs of the keys the form is about to save. */
export function proofsFor(values: Pick<FormValues, "stt" | "ai" | "tts">): Partial<Record<ProviderKind, string>> {
  const out: Partial<Record<ProviderKind, string>> = {};
  for (const kind of ["stt", "ai", "tts"] as const) {
    const step = values[kind];
    const proof = step.apiKey.trim() && proofs.get(slot(kind, step.providerId, step.apiKey));
    if (proof) out[kind] = proof;
  }
  return out;
}
