import { AppError } from "@/lib/errors/app-error";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";
import { previewSchema, previewVoice } from "@/lib/voice/preview-voice";

// "Play a sample": a short sentence from a text-to-speech provider with the step's voice and key, as
// a WAV file (only tts providers speak; any other kind is 404).
export const POST = userRoute<{ kind: string; providerId: string }>(async ({ request, user, params }) => {
  if (params.kind !== "tts") throw new AppError("not_found", "Unknown provider");
  const wav = await previewVoice(user.id, params.providerId, await parseBody(request, previewSchema));
  return new Response(new Uint8Array(wav), { headers: { "content-type": "audio/wav", "cache-control": "no-store" } });
});
