"use client";
import { useSyncExternalStore } from "react";
import { onConsentChange, readConsent, type Consent } from "@/lib/analytics/consent";

/**
 * The visitor's cookie choice, read from its cookie and followed as it changes; `unknown` while the
 * server renders and the page hydrates (the server does not decide what the banner shows).
 */
export function useConsent(): Consent | "unknown" {
  return useSyncExternalStore<Consent | "unknown">(onConsentChange, readConsent, () => "unknown");
}
