import { parseMeetingUrl } from "./meeting-url.ts";

/**
 * What names a meeting when it has no title: its platform's meeting number or code, as the platform
 * writes it ("812 3456 7890" for Zoom, "abc-defg-hij" for Meet), or null (Teams' meetup-join links, rooms).
 */
export function meetingCode(meetingUrl: string): string | null {
  const link = parseMeetingUrl(meetingUrl);
  const id = link?.meetingId;
  if (!id) return null;
  if (link.platform !== "zoom") return id;
  // Zoom groups its meeting numbers 3-4-4 (11 digits), 3-3-4 (10) or 3-3-3 (9).
  const groups = id.length === 11 ? [3, 4, 4] : id.length === 10 ? [3, 3, 4] : id.length === 9 ? [3, 3, 3] : [id.length];
  let at = 0;
  return groups.map((n) => id.slice(at, (at += n))).join(" ");
}
