import { getMeetingArtifact } from "@/lib/meetings/get-meeting-artifact";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute<{ id: string; file: string }>(({ user, params }) => getMeetingArtifact(user.id, params.id, params.file));
