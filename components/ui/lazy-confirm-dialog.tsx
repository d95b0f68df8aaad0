"use client";
import dynamic from "next/dynamic";

/**
 * ConfirmDialog, code-split: its Radix dialog stack (focus trap, scroll lock, portal) loads after the
 * page instead of with it, which keeps pages under the first-load budget (docs/ui.md).
 */
export const LazyConfirmDialog = dynamic(() => import("./confirm-dialog").then((m) => m.ConfirmDialog), { ssr: false });
