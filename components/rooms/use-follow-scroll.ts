"use client";
import { useEffect, useRef, type UIEvent } from "react";

/** A log that follows new lines unless the reader has scrolled up: its ref and scroll handler. */
export function useFollowScroll<T>(lines: T) {
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
  return { ref: box, onScroll };
}
