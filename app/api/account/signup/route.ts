import { signUp } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { signUpSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";

export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  await signUp(await parseBody(request, signUpSchema));
  return json({ message: "Check your inbox: we sent you a link to confirm your e-mail." }, { status: 201 });
});
