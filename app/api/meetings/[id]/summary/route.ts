import { userRoute } from "@/lib/http/route";
import { retrySummary } from "@/lib/summaries/retry-summary";

// Writes the meeting's summary again ("Try again") → the summary's state (pending).
export const POST = userRoute<{ id: string }>(({ user, params }) => retrySummary(user.id, params.id));
