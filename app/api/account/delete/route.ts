import { deleteAccount } from "@/lib/account/delete-account";
import { deleteAccountSchema } from "@/lib/account/schema";
import { answerEndingSession } from "@/lib/http/keep-session";
import { parseBody } from "@/lib/validation/parse";
import { signedInRoute } from "@/lib/http/route";

export const POST = signedInRoute(async ({ request, user }) => {
  await deleteAccount(user.id, await parseBody(request, deleteAccountSchema));
  return answerEndingSession({ message: "Your account and everything in it were deleted." });
});
