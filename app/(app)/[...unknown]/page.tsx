import { notFound } from "next/navigation";

// Unknown paths render the shell's not-found page, titled with the raw path (spec §2).
export default function UnknownPage() {
  notFound();
}
