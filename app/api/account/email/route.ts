import { requestEmailChange } from "@/lib/account/change-email";
import { changeEmailSchema } from "@/lib/account/schema";
import { parseBody } from "@/lib/validation/parse";
import { json, signedInRoute } from "@/lib/http/route";

export const POST = signedInRoute(async ({ request, user }) => {
  const input = await parseBody(request, changeEmailSchema);
  await requestEmailChange(user.id, input);
  return json({ message: `We sent a confirmation link to ${input.email}. Your e-mail changes when you follow it.` }, { status: 202 });
});
