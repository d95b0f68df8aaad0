import { db } from "../db/client.ts";

export interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

/**
 * Finds or creates the Cohost user behind a Google sign-in: the linked account first, else the user
 * with the same (Google-verified) e-mail, else a new verified user. Returns our user id.
 */
export async function upsertGoogleUser(profile: GoogleProfile): Promise<string> {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: "google", providerAccountId: profile.sub } },
    select: { userId: true },
  });
  const picture = profile.picture ?? null;
  if (linked) {
    if (picture) await db.user.update({ where: { id: linked.userId }, data: { image: picture } });
    return linked.userId;
  }
  const email = profile.email!.toLowerCase();
  const [first, ...rest] = (profile.name ?? "").split(" ");
  const user = await db.user.upsert({
    where: { email },
    // Google vouches for the address, so an unverified password account becomes verified.
    update: { emailVerified: new Date(), ...(picture ? { image: picture } : {}) },
    create: {
      email,
      emailVerified: new Date(),
      firstName: profile.given_name ?? first ?? "",
      lastName: profile.family_name ?? rest.join(" "),
      image: picture,
    },
  });
  await db.account.create({
    data: { userId: user.id, type: "oauth", provider: "google", providerAccountId: profile.sub },
  });
  return user.id;
}
