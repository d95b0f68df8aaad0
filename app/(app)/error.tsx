"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { reportError } from "@/lib/errors/report";

// Spec §2/§8: an uncaught render error shows "Sorry.. there was an error"; the error is reported.
export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  useEffect(() => reportError(error, { boundary: "app" }), [error]);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-error/40 bg-error/10 p-6">
      <h2 className="text-lg font-semibold">{t("renderError")}</h2>
      <button type="button" onClick={reset} className="text-sm font-medium text-primary underline dark:text-primary-light">
        {t("tryAgain")}
      </button>
    </div>
  );
}
