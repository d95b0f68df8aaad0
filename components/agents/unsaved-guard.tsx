"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";

/** Where the user wanted to go: an in-app link, or back in the browser's history (from scroll position `y`). */
type Leaving = { href: string } | { back: true; y: number };

/**
 * While `dirty`, leaving the form asks first, in the app's own dialog: an in-app link (a capturing
 * click listener: Next's <Link> navigates without unloading) and the browser's Back button (a
 * copy of the current history entry is pushed on top, so Back lands on this page again and asks).
 * Closing or reloading the tab gets the browser's own warning (beforeunload).
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const t = useTranslations("agents.leave");
  const router = useRouter();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [askedOnce, setAskedOnce] = useState(false);
  // Set while we navigate away on the user's word, so the listeners let that navigation through.
  const released = useRef(false);
  // Whether our copy of the history entry is on top (pushed once, however often `dirty` flips).
  const guardOnTop = useRef(false);
  const pushGuard = () => {
    window.history.pushState(window.history.state, "", window.location.href);
    guardOnTop.current = true;
  };

  useEffect(() => {
    if (!dirty) return;
    released.current = false;
    const ask = (to: Leaving) => {
      setAskedOnce(true);
      setLeaving(to);
    };
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!released.current) e.preventDefault();
    };
    const onClick = (e: MouseEvent) => {
      if (released.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      ask({ href: `${url.pathname}${url.search}${url.hash}` });
    };
    // The guard entry keeps Next's own state for this page, so landing on the page below it again
    // (Back) is a navigation to the same page: the form stays as it is.
    if (!guardOnTop.current) pushGuard();
    const onPopState = () => {
      guardOnTop.current = false;
      if (released.current) return;
      // Next scrolls the page for the entry it lands on; staying puts the user back where they were.
      ask({ back: true, y: window.scrollY });
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
    };
  }, [dirty]);

  const stay = () => {
    // Back already left the guard entry: put it back, so the next Back asks again.
    if (leaving && "back" in leaving) {
      pushGuard();
      window.scrollTo(0, leaving.y);
    }
    setLeaving(null);
  };
  const leave = () => {
    if (!leaving) return;
    released.current = true;
    setLeaving(null);
    if ("back" in leaving) window.history.back();
    else router.push(leaving.href);
  };

  if (!askedOnce) return null;
  return (
    <LazyConfirmDialog
      open={leaving !== null}
      onOpenChange={(open) => !open && stay()}
      title={t("title")}
      description={t("text")}
      confirmLabel={t("leave")}
      cancelLabel={t("stay")}
      onConfirm={leave}
    />
  );
}
