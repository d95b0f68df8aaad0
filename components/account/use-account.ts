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
}

/** GET /api/account, shared by the Account page's sections. */
export function useAccount() {
  const t = useTranslations("account");
  return useSWR<AccountSettings>("/api/account", (path: string) => apiFetch<AccountSettings>(path, { fallback: t("errors.load") }));
}

/** The message of a field the server refused (`issues[].path`), to show under that field. */
export function fieldIssue(err: unknown, field: string): string | undefined {
  const issues = (err as { body?: { issues?: { path: string; message: string }[] } })?.body?.issues;
  return issues?.find((i) => i.path === field)?.message;
}
