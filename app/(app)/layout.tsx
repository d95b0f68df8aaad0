import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Footer } from "@/components/shell/footer";

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return <AppShell footer={<Footer />}>{children}</AppShell>;
}
