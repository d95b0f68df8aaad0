"use client";
import { useTranslations } from "next-intl";

/** A billed action in the user's words ("Agent minute"); one the catalogue does not know, as the server names it. */
export function useActionText() {
  const t = useTranslations("billing");
  return (a: string) => (a === "agent_minute" || a === "usage" ? t(`actions.${a}`) : a);
}
