"use client";
import { useEffect } from "react";

// Spec §2/§8: an uncaught render error shows this heading; the error is reported.
export default function ErrorBoundary({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error("[render error]", error);
  }, [error]);
  return (
    <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-6">
      <h2 className="text-lg font-semibold">Sorry.. there was an error</h2>
    </div>
  );
}
