import { meetingCode } from "./meeting-code.ts";

/** A message lookup of the "meetings" catalogue (next-intl's `t`, on the server or in the browser). */
type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The title to show for a meeting: its own, else one made from where it is ("Zoom meeting 852 1234
 * 5678", "Google Meet abc-defg-hij", "Test room with Cohost"), never "Untitled meeting".
 */
export function meetingTitle(t: Translate, m: { title: string; platform: string; meetingUrl: string; agentName?: string | null }): string {
  if (m.title.trim()) return m.title;
  if (m.platform === "room") return m.agentName ? t("testRoom.title", { name: m.agentName }) : t("platforms.room");
  const code = meetingCode(m.meetingUrl);
  const platform = t(`platforms.${m.platform}`);
  // "Google Meet meeting abc-…" says "meeting" twice: Meet's codes read well on their own.
  if (code) return t(m.platform === "meet" ? "titles.meet" : "titles.withCode", { platform, code });
  return t("titles.plain", { platform });
}
