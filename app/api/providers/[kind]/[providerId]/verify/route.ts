import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { parseBody } from "@/lib/http/parse";
import { userRoute } from "@/lib/http/route";
import { getActiveProvider } from "@/lib/providers/queries";
import { verifyProviderKey } from "@/lib/providers/verify-key";

const schema = z.object({
  apiKey: z.string({ error: "Enter a key to test" }).trim().min(1, "Enter a key to test").max(500),
  extraParams: z.record(z.string(), z.unknown()).optional(),
});

// "Test key": the provider's cheapest authenticated call; the key is used once and never stored or logged.
export const POST = userRoute<{ kind: string; providerId: string }>(async ({ request, params }) => {
  const kind = (["stt", "ai", "tts"] as const).find((k) => k === params.kind);
  if (!kind || !(await getActiveProvider(kind, params.providerId))) throw new AppError("not_found", "Unknown provider");
  const { apiKey, extraParams } = await parseBody(request, schema);
  return verifyProviderKey(kind, params.providerId, apiKey, extraParams);
});
