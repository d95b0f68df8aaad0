import { AppError } from "@/lib/errors/app-error";
import { userRoute } from "@/lib/http/route";
import { PROVIDER_KINDS } from "@/lib/providers/catalogue";
import { listProviders } from "@/lib/providers/queries";

// GET /api/providers/stt|ai|tts: the active providers of that kind, as a bare list.
export const GET = userRoute<{ kind: string }>(({ params }) => {
  const kind = PROVIDER_KINDS.find((k) => k === params.kind);
  if (!kind) throw new AppError("not_found", "Unknown provider kind");
  return listProviders(kind);
});
