// The signing secret for next-auth sessions and API access tokens. `npm start` generates one into
// DATA_DIR when none is configured; a missing secret in a running server is a configuration error.
export function authSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set");
  return secret;
}
