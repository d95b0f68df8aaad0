import { AppError } from "@/lib/http/errors";
import { userRoute } from "@/lib/http/route";
import { listProviders } from "@/lib/providers/queries";

const KINDS = ["stt", "ai", "tts"] as const;

export const GET = userRoute<{ kind: string }>(({ params }) => {
  const kind = KINDS.find((k) => k === params.kind);
  if (!kind) throw new AppError("not_found", "Unknown provider kind");
  return listProviders(kind);
});
