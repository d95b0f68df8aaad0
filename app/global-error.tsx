"use client";
import { useEffect } from "react";
import { reportError } from "@/lib/errors/report";

// Last resort when the root layout itself fails: no providers or styles can be relied on here.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => reportError(error, { boundary: "global" }), [error]);
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: 32 }}>
        <h1>Sorry.. there was an error</h1>
      </body>
    </html>
  );
}
