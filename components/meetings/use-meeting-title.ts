"use client";
import { useTranslations } from "next-intl";
import { meetingTitle } from "@/lib/meetings/meeting-title";

/** `(meeting) => title`: its own title, else one made from its platform and meeting number. */
export function useMeetingTitle() {
  const t = useTranslations("meetings");
  return (m: Parameters<typeof meetingTitle>[1]) => meetingTitle(t, m);
}
