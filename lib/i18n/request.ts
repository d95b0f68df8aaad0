import { getRequestConfig } from "next-intl/server";
import { resolveLocale } from "./locale.ts";
import { loadMessages } from "./messages.ts";

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  return { locale, messages: loadMessages(locale) };
});
