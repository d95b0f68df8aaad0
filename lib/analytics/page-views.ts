"use client";
import { readConsent } from "./consent";

// The analytics plug-in point: with NEXT_PUBLIC_ANALYTICS_ID set, each page view is sent as a small
// JSON beacon to NEXT_PUBLIC_ANALYTICS_URL — only after the visitor accepted cookies.
const ID = process.env.NEXT_PUBLIC_ANALYTICS_ID;
const URL = process.env.NEXT_PUBLIC_ANALYTICS_URL;

export function analyticsConfigured(): boolean {
  return Boolean(ID && URL);
}

export function sendPageView(path: string): boolean {
  if (!analyticsConfigured() || readConsent() !== "true") return false;
  const body = JSON.stringify({ id: ID, type: "page_view", path, referrer: document.referrer || undefined, ts: Date.now() });
  if (!navigator.sendBeacon?.(URL!, new Blob([body], { type: "application/json" }))) {
    void fetch(URL!, { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } }).catch(() => {});
  }
  return true;
}
