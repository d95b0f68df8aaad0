import { userRoute } from "@/lib/http/route";
import { providerDefaults } from "@/lib/providers/queries";

// GET /api/providers/defaults: {stt, ai, tts} → {providerId, model} of each kind's default provider.
export const GET = userRoute(() => providerDefaults());
