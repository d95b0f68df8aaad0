"use client";
import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * Whether the page is interactive: false while the server renders and while the browser hydrates
 * that HTML, true from then on (and at once on a page opened by client-side navigation).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
