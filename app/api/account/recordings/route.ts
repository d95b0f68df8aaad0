import { recordingRetentionSchema, setRecordingRetention } from "@/lib/account/set-recording-retention";
import { parseBody } from "@/lib/validation/parse";
import { userRoute } from "@/lib/http/route";

// How long the account keeps recordings (docs/recordings.md).
export const PUT = userRoute(async ({ request, user }) => setRecordingRetention(user.id, await parseBody(request, recordingRetentionSchema)));
