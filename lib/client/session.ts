"use client";
// Placeholder contract, completed by the shell: keep the session fresh (refresh when it expires
// within 300 s, concurrent callers share one refresh) and on a 401 try one refresh; return whether
// a retry makes sense, signing the user out otherwise.
export async function ensureFreshSession(): Promise<void> {}

export async function handleUnauthorized(): Promise<boolean> {
  return false;
}
