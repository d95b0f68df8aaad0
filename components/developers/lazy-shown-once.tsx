"use client";
import dynamic from "next/dynamic";

/**
 * ShownOnce, code-split: its Radix dialog loads after the page, as LazyConfirmDialog does, which
 * keeps /developers under the first-load budget (docs/ui.md).
 */
export const LazyShownOnce = dynamic(() => import("./shown-once").then((m) => m.ShownOnce), { ssr: false });
