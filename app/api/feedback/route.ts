import { feedbackSchema, submitFeedback } from "@/lib/feedback/submit-feedback";
import { parseBody } from "@/lib/validation/parse";
import { json, userRoute } from "@/lib/http/route";

export const POST = userRoute(async ({ request, user }) => {
  return json(await submitFeedback(user.id, await parseBody(request, feedbackSchema)), { status: 201 });
});
