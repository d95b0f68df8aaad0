"use client";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * A form's save bar, stuck to the bottom of the screen while the form runs on below it. It publishes
 * how much of the screen's bottom it covers (`--sticky-actions-height`), so toasts on phones rise above
 * it: scrolled to the page's end, the bar sits higher (above the footer) and a toast at a fixed height
 * would lie over its Save button.
 */
export function StickyActions({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    let frame = 0;
    const publish = () => {
      frame = 0;
      const { top, bottom } = bar.getBoundingClientRect();
      const banner = parseFloat(getComputedStyle(root).getPropertyValue("--cookie-banner-height")) || 0;
      // Off screen (scrolled past), the bar covers nothing; on screen, everything from its top down,
      // less the cookie banner the toast already rises above.
      const covered = bottom <= 0 || top >= window.innerHeight ? 0 : window.innerHeight - top - banner;
      root.style.setProperty("--sticky-actions-height", `${Math.max(0, Math.ceil(covered))}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(publish);
    };
    publish();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(bar);
    observer.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      root.style.removeProperty("--sticky-actions-height");
    };
  }, []);
  return (
    <div ref={ref} data-sticky-actions className={cn("sticky bottom-0", className)}>
      {children}
    </div>
  );
}
