import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { revokeRefreshToken } from "@/lib/auth/refresh-tokens";
import { revokeSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { route } from "@/lib/http/route";

// Revoking an unknown token is not an error (RFC 7009): the caller's goal is met either way.
export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const { refresh_token } = await parseBody(request, revokeSchema);
  await revokeRefreshToken(refresh_token);
  return { revoked: true };
});
