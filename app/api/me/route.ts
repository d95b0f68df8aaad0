import { profileSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/http/parse";
import { userRoute } from "@/lib/http/route";
import { getProfile, updateProfile } from "@/lib/users/profile";

export const GET = userRoute(({ user }) => getProfile(user.id));

export const PUT = userRoute(async ({ request, user }) => updateProfile(user.id, await parseBody(request, profileSchema)));
