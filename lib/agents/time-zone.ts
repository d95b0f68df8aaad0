// Time zones by their current IANA names. ICU (V8, so Node and Chrome) still answers the old names of
// renamed zones (Intl.supportedValuesOf and resolvedOptions say "Asia/Calcutta"); IANA's tzdb keeps
// those only as links (its `backward` file). Cohost stores and shows the current name (issue 31).

/** ICU's old name → IANA's current one, for the zones ICU still lists under an old name. */
const RENAMED: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The current IANA name of a time zone the runtime knows ("europe/berlin" → "Europe/Berlin", "Asia/Calcutta" → "Asia/Kolkata"), or null. */
export function canonicalTimeZone(value: string): string | null {
  try {
    const known = new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
    return RENAMED[known] ?? known;
  } catch {
    return null;
  }
}

/** Every time zone the runtime knows, by current name, sorted; UTC included. */
export function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", ...known.map((zone) => RENAMED[zone] ?? zone)])].sort();
}
