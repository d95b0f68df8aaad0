import { profileSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { route, userRoute } from "@/lib/http/route";
import { getOwnProfile, updateProfile } from "@/lib/users/profile";

export const GET = route(({ request }) => getOwnProfile(request));

export const PUT = userRoute(async ({ request, user }) => updateProfile(user.id, await parseBody(request, profileSchema)));
