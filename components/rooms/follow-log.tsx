"use client";
import { useEffect, useRef, type ReactNode, type UIEvent } from "react";

/**
 * A live log of the room (its chat, its transcript): announced politely to screen readers, focusable
 * to scroll by keyboard, and following new lines (`lines` changing) unless the reader scrolled up.
 * role="log" is not allowed on a list, so the list goes inside it.
 */
export function FollowLog({ lines, labelledBy, className, children }: { lines: unknown; labelledBy: string; className: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [lines]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  return (
    <div
      ref={box}
      role="log"
      aria-labelledby={labelledBy}
      aria-live="polite"
      tabIndex={0}
      onScroll={onScroll}
      className={`${className} overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-primary`}
    >
      {children}
    </div>
  );
}
