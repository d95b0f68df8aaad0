"use client";
import { useSyncExternalStore } from "react";

// Spec §4 notifications: a list with add / remove by id / clear; the shell's Toaster shows the
// latest top-right. autoHide defaults to true, duration to 6000 ms.
export type Severity = "success" | "info" | "warning" | "error";
export interface Notification {
  id: string;
  type: Severity;
  message: string;
  autoHide: boolean;
  duration: number;
}

let items: Notification[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let counter = 0;

export const notifications = {
  add(n: { type: Severity; message: string; autoHide?: boolean; duration?: number }): string {
    const id = `n${Date.now().toString(36)}${(counter++).toString(36)}`;
    items = [...items, { id, autoHide: true, duration: 6000, ...n }];
    emit();
    return id;
  },
  remove(id: string) {
    items = items.filter((n) => n.id !== id);
    emit();
  },
  clear() {
    items = [];
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => items,
};

const EMPTY: Notification[] = [];
export function useNotifications(): Notification[] {
  return useSyncExternalStore(notifications.subscribe, notifications.snapshot, () => EMPTY);
}

/** Spec §8 helper texts for a failed action, e.g. notifyFailure("save agent", err). */
export function failureMessage(action: string, err: unknown): string {
  const text = err instanceof Error ? err.message : String(err ?? "");
  if (/fetch/i.test(text)) return "Network error. Please check your connection and try again.";
  if (/timeout/i.test(text)) return "Request timed out. Please try again.";
  return `Failed to ${action}. Please try again.`;
}

export const CLIPBOARD_FAILED = "Failed to copy to clipboard. Please try manually selecting and copying the text.";

/** Copies text; on failure shows the spec's clipboard toast. Resolves whether it worked. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    notifications.add({ type: "error", message: CLIPBOARD_FAILED });
    return false;
  }
}
