"use client";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { apiFetch } from "@/lib/client/api";

export interface AccountSettings {
  email: string;
  hasPassword: boolean;
  google: boolean;
  pendingEmail: string | null;
  liveMeetings: number;
  createdAt: string;
  recordingRetentionDays: number | null;
}

/** GET /api/account, shared by the Account page's sections. */
export function useAccount() {
  const t = useTranslations("account");
  return useSWR<AccountSettings>("/api/account", (path: string) => apiFetch<AccountSettings>(path, { fallback: t("errors.load") }));
}

