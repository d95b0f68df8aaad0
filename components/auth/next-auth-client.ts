"use client";
// next-auth's client is needed only when a sign-in starts; it is fetched when the form is first used.
export const nextAuth = () => import("next-auth/react");
export const signIn: typeof import("next-auth/react").signIn = (...args) => nextAuth().then((m) => m.signIn(...args));
