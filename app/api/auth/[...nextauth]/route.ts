import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { withUnavailableSignIn } from "@/lib/http/unavailable-sign-in";

async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return withUnavailableSignIn(await NextAuth(authOptions())(request, context));
}

export { handler as GET, handler as POST };
