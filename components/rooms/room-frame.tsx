import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/shell/logo";

/** The test room is public (anyone with the link), so it has its own frame instead of the app shell. */
export function RoomFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-screen w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header>
        <Link href="/" className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-primary">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
    </div>
  );
}
