import { deleteRecording } from "@/lib/meetings/delete-recording";
import { getRecording } from "@/lib/meetings/get-recording";
import { userRoute } from "@/lib/http/route";

// The owner's recording (fresh signed URLs) and its deletion; another user's is 404 (docs/recordings.md).
export const GET = userRoute<{ id: string }>(({ user, params }) => getRecording(user.id, params.id));
export const DELETE = userRoute<{ id: string }>(({ user, params }) => deleteRecording(user.id, params.id));
