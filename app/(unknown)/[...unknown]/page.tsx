import type { Metadata } from "next";
import { notFound } from "next/navigation";

// Unknown paths render the shell's not-found page, titled with the raw path (spec §2).
export async function generateMetadata({ params }: { params: Promise<{ unknown: string[] }> }): Promise<Metadata> {
  return { title: `/${(await params).unknown.join("/")}` };
}

export default function UnknownPage() {
  notFound();
}
