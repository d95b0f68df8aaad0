"use client";
import useSWR from "swr";

export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  photoURL: string | null;
  creditBalanceUsd: number;
  autoRefillEnabled: boolean;
  autoRefillAmount: number;
  stripeCustomerId: string | null;
}

/** The signed-in user's profile and balance; every part of the app shares this one SWR entry. */
export function useProfile() {
  return useSWR<Profile>("/api/me");
}

export const displayName = (p: Pick<Profile, "firstName" | "lastName"> | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : "");
