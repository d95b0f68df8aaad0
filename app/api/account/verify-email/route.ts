import { verifyEmail } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { tokenSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/http/parse";
import { route } from "@/lib/http/route";

export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { token } = await parseBody(request, tokenSchema);
  await verifyEmail(token);
  return { message: "Your e-mail is confirmed. You can sign in now." };
});
