import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

type TitleKey = "dashboard" | "agents" | "billing" | "createAgent" | "editAgent" | "meetings" | "cookie" | "calendar" | "about" | "agentCalendar" | "meetingDetails" | "testCheckout" | "account" | "developers" | "apiReference" | "apiGuide";

/**
 * A page's document title from spec §2's page titles, in the visitor's language; the root layout's
 * template makes it "Agents · Cohost". Server-rendered, so the tab and the history entry are right
 * from the first byte (the header's PageTitle keeps it in step on client-only changes).
 */
export function titleMetadata(key: TitleKey): () => Promise<Metadata> {
  return async () => ({ title: (await getTranslations("shell.titles"))(key) });
}
