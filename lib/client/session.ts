"use client";
// Spec §4 session rules for the browser. The browser authenticates /api calls with the next-auth
// session cookie; these functions keep that session fresh and end it cleanly (docs/auth.md).
// next-auth's client is loaded only when a refresh or sign-out actually happens, so it is not part
// of any page's first load.
const nextAuth = () => import("next-auth/react");

export const REFRESH_THRESHOLD_S = 300;
export const SIGN_OUT_TIMEOUT_MS = 5000;
export const PERSIST_KEY = "cohost";

let expiresAt: number | null = null; // epoch ms of the current session's expiry, when known
let refreshing: Promise<boolean> | null = null;
const clearers = new Set<() => void>();

/** Stores/caches register how to empty themselves on sign-out (e.g. the SWR cache). */
export function onSignOut(clear: () => void): () => void {
  clearers.add(clear);
  return () => clearers.delete(clear);
}

/** Records the expiry of the session the app was rendered with. */
export function setSessionExpiry(expires: string | null | undefined): void {
  expiresAt = expires ? Date.parse(expires) : null;
}

/** Refreshes the session; concurrent callers share one refresh. Resolves whether a session exists. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= nextAuth()
    .then(({ getSession }) => getSession())
    .then((session) => {
      setSessionExpiry(session?.expires);
      return Boolean(session?.user);
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Before a call: refresh when the session expires within 300 s or already has. */
export async function ensureFreshSession(): Promise<void> {
  if (expiresAt !== null && expiresAt - Date.now() <= REFRESH_THRESHOLD_S * 1000) {
    const alive = await refreshSession();
    if (!alive) await signOutAndClear(signInAgainHere);
  }
}

/** After a 401: one refresh; true when the request should be retried, else the user is signed out. */
export async function handleUnauthorized(): Promise<boolean> {
  if (await refreshSession()) return true;
  await signOutAndClear(signInAgainHere);
  return false;
}

/**
 * The sign-in page for a session that ended by itself (expired, or ended from another browser): like
 * the page guard in proxy.ts, it brings the person back to where they were once signed in again.
 */
function signInAgainHere(): string {
  const { pathname, search } = window.location;
  // The page guard may have got there first (a navigation answered with the sign-in page): that
  // page already knows the way back.
  if (pathname === "/signin") return pathname + search;
  // The sign-in screen says why (issue 31).
  return `/signin?returnUrl=${encodeURIComponent(pathname + search)}&notice=session-ended`;
}

function clearClientState(): void {
  for (const clear of clearers) {
    try {
      clear();
    } catch {
      /* a store failing to clear must not block sign-out */
    }
  }
  try {
    window.localStorage.removeItem(PERSIST_KEY);
    window.sessionStorage.clear();
  } catch {
    /* storage may be unavailable (private mode) */
  }
  expiresAt = null;
}

let signingOut: Promise<void> | null = null;

/**
 * Signs out: clears all client state, then next-auth's sign-out with a 5 s timeout; on failure or
 * timeout ("Sign out timed out") the fallback posts the sign-out form itself and navigates away.
 */
export function signOutAndClear(returnTo: string | (() => string) = "/signin"): Promise<void> {
  signingOut ??= (async () => {
    clearClientState();
    try {
      await Promise.race([
        nextAuth().then(({ signOut }) => signOut({ redirect: false })),
        new Promise((_, reject) => setTimeout(() => reject(new Error("Sign out timed out")), SIGN_OUT_TIMEOUT_MS)),
      ]);
    } catch {
      await fallbackSignOut();
    }
    // Where to, decided now: the page may have moved while signing out.
    window.location.replace(typeof returnTo === "function" ? returnTo() : returnTo);
  })();
  return signingOut;
}

async function fallbackSignOut(): Promise<void> {
  try {
    const { csrfToken } = await (await fetch("/api/auth/csrf")).json();
    await fetch("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
  } catch {
    /* the navigation below still leaves the signed-in pages */
  }
}
