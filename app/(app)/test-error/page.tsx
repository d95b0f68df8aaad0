import { notFound } from "next/navigation";

export const dynamic = "force-dynamic";

// Exists only for the e2e suite (COHOST_ENV=test) to prove the error boundary; 404 everywhere else.
export default function TestErrorPage() {
  if (process.env.COHOST_ENV !== "test") notFound();
  throw new Error("Deliberate render error for the error-boundary test");
}
