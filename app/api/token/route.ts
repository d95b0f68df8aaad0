import { authenticate } from "@/lib/auth/accounts";
import { limitAuthByIp } from "@/lib/auth/ip-limit";
import { issueTokens, rotateRefreshToken } from "@/lib/auth/refresh-tokens";
import { grantSchema } from "@/lib/auth/schema";
import { parseBody } from "@/lib/validation/parse";
import { json, route } from "@/lib/http/route";

// OAuth2-style token endpoint for non-browser clients. Token responses must never be cached.
export const POST = route(async ({ request }) => {
  await limitAuthByIp(request);
  const grant = await parseBody(request, grantSchema);
  const tokens =
    grant.grant_type === "password"
      ? await issueTokens((await authenticate(grant.email, grant.password)).id)
      : await rotateRefreshToken(grant.refresh_token);
  return json(tokens, { headers: { "Cache-Control": "no-store" } });
});
