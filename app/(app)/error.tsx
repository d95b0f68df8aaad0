"use client";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { startTransition, useEffect, useEffectEvent, useState } from "react";
import { reportError } from "@/lib/errors/report";

/** How often a page that failed because the database was unreachable checks whether it is back. */
const DATABASE_CHECK_MS = 5000;

async function databaseIsDown(): Promise<boolean> {
  try {
    return (await fetch("/api/health", { cache: "no-store" })).status === 503;
  } catch {
    return false;
  }
}

// Spec §2/§8: an uncaught render error shows "Sorry.. there was an error"; the error is reported.
// A page that failed because the database is unreachable (the server's error carries no reason to
// the browser, so /api/health is asked) says so instead, and renders itself again once it is back.
export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  const router = useRouter();
  const [databaseDown, setDatabaseDown] = useState(false);

  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  // The check loop belongs to one error; when the database is back it retries with what is current.
  const databaseBack = useEffectEvent(retry);

  useEffect(() => {
    let stopped = false;
    let wasDown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const down = await databaseIsDown();
      if (stopped) return;
      if (down) {
        wasDown = true;
        setDatabaseDown(true);
        timer = setTimeout(check, DATABASE_CHECK_MS);
      } else if (wasDown) {
        databaseBack();
      } else {
        reportError(error, { boundary: "app" });
      }
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [error]);

  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-error/40 bg-error/10 p-6">
      <h2 className="text-lg font-semibold">{databaseDown ? t("databaseDownTitle") : t("renderError")}</h2>
      {databaseDown && <p className="text-sm">{t("databaseDownText")}</p>}
      <button type="button" onClick={retry} className="text-sm font-medium text-primary underline dark:text-primary-light">
        {t("tryAgain")}
      </button>
    </div>
  );
}
