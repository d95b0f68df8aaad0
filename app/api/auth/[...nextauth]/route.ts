import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { answeringSignInOutages } from "@/lib/http/unavailable-sign-in";

async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return answeringSignInOutages(request, async (req) => NextAuth(authOptions())(req, context));
}

export { handler as GET, handler as POST };
