import { getAccountSettings } from "@/lib/account/account-settings";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(({ user }) => getAccountSettings(user.id));
