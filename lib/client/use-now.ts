"use client";
import { useSyncExternalStore } from "react";

const MINUTE_MS = 60_000;
const thisMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
const everyMinute = (changed: () => void) => {
  const timer = setInterval(changed, MINUTE_MS);
  return () => clearInterval(timer);
};

/**
 * The time, to the minute, for what a render shows relative to now (a key that has expired, the
 * last 30 days): read from the clock as an outside store, so a render stays pure and what it shows
 * moves on by itself.
 */
export function useNow(): number {
  return useSyncExternalStore(everyMinute, thisMinute, thisMinute);
}
