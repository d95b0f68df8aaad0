import { translator, type Translate } from "../i18n/translator.ts";
import { meetingTitle } from "./meeting-title.ts";

let english: Translate | undefined;

/**
 * meetingTitle in English, for what Cohost writes in English whoever reads it: calendar feeds,
 * downloads, e-mails and what the agent's model is told. Kept apart from meeting-title.ts, which
 * the browser loads too and which must not pull in the catalogue reader.
 */
export function englishMeetingTitle(m: Parameters<typeof meetingTitle>[1]): string {
  english ??= translator("en", "meetings");
  return meetingTitle(english, m);
}
