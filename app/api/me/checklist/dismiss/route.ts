import { userRoute } from "@/lib/http/route";
import { dismissChecklist } from "@/lib/onboarding/checklist";

export const POST = userRoute(async ({ user }) => {
  await dismissChecklist(user.id);
});
