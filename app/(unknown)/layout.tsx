import type { ReactNode } from "react";
import { SignedInLayout } from "@/components/shell/signed-in-layout";

// Unknown paths get the signed-in shell like every page, but outside (app): that group's loading
// boundary streams the shell before the page runs, which would fix the status at 200. Here nothing
// suspends first, so notFound() answers 404 (issue 18).
export default function UnknownPathLayout({ children }: { children: ReactNode }) {
  return <SignedInLayout>{children}</SignedInLayout>;
}
