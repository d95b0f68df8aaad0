import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { signedInRoute } from "@/lib/http/route";

// Revokes the key at once → the key as listed, with revokedAt.
export const DELETE = signedInRoute<{ id: string }>(({ user, params }) => revokeApiKey(user.id, params.id));
