import type { ReactNode } from "react";
import { SignedInLayout } from "@/components/shell/signed-in-layout";

export default function AppLayout({ children }: { children: ReactNode }) {
  return <SignedInLayout>{children}</SignedInLayout>;
}
