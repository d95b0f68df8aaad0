import { userRoute } from "@/lib/http/route";
import { getChecklist } from "@/lib/onboarding/checklist";

export const GET = userRoute(({ user }) => getChecklist(user.id));
