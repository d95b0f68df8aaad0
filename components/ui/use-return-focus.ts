"use client";
import { useLayoutEffect, useRef } from "react";

/**
 * Where focus goes when a dialog closes: back to the control that opened it. Radix returns focus to
 * whatever had it when its focus trap started, which is lost when the dialog was mounted on demand
 * or opened from a menu item that is gone by then: focus fell to <body>, and a keyboard user
 * started over at the top of the page (issue 18). The opener is taken as the dialog opens (a layout
 * effect, before Radix moves focus inside), or given (`returnTo`, e.g. the menu's own button).
 * Pass the result as the content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean, returnTo?: HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = returnTo ?? (active instanceof HTMLElement && active !== document.body ? active : null);
  }, [open, returnTo]);
  return (event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
