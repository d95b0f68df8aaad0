import { LEAVING_DEFAULTS, LEAVING_LIMITS, type Leaving } from "@/lib/agents/leaving-defaults";

/** The unit each leaving limit is shown in: seconds for short waits, minutes for long ones. */
export const LEAVING_UNITS = {
  nobodyJoinedSeconds: "minutes",
  aloneSeconds: "seconds",
  silenceSeconds: "minutes",
  silenceGraceSeconds: "minutes",
  maxDurationSeconds: "minutes",
  waitingRoomSeconds: "minutes",
} as const satisfies Record<keyof typeof LEAVING_LIMITS, "seconds" | "minutes">;

export type LeavingLimit = keyof typeof LEAVING_UNITS;
export const LEAVING_FIELDS = Object.keys(LEAVING_UNITS) as LeavingLimit[];

/** The leaving rules as the form edits them: each limit as typed in its unit, the keywords as one line. */
export interface LeavingValues {
  limits: Record<LeavingLimit, string>;
  /** The silence rule is on (off sends 0). */
  silence: boolean;
  botKeywords: string;
}

const perUnit = (field: LeavingLimit) => (LEAVING_UNITS[field] === "minutes" ? 60 : 1);

/** Seconds in the field's unit, without trailing zeros ("10", "0.5"). */
const shown = (field: LeavingLimit, seconds: number) => String(Math.round((seconds / perUnit(field)) * 100) / 100);

/** The form's values for an agent's rules, or the defaults for a new agent. */
export function leavingValues(stored: Leaving | undefined): LeavingValues {
  const l = stored ?? LEAVING_DEFAULTS;
  const silence = l.silenceSeconds > 0;
  const limits = Object.fromEntries(
    LEAVING_FIELDS.map((f) => [f, shown(f, f === "silenceSeconds" && !silence ? LEAVING_DEFAULTS.silenceSeconds : l[f])]),
  ) as Record<LeavingLimit, string>;
  return { limits, silence, botKeywords: l.botKeywords.join(", ") };
}

/** A typed limit in seconds, or null when it is not a number (a decimal comma counts as a point). */
function seconds(field: LeavingLimit, text: string): number | null {
  const n = Number(text.trim().replace(",", "."));
  return text.trim() && Number.isFinite(n) ? Math.round(n * perUnit(field)) : null;
}

/** What the form sends: every limit in seconds. */
export function leavingRequest(v: LeavingValues): Leaving {
  const s = (f: LeavingLimit) => seconds(f, v.limits[f]) ?? LEAVING_DEFAULTS[f];
  return {
    nobodyJoinedSeconds: s("nobodyJoinedSeconds"),
    aloneSeconds: s("aloneSeconds"),
    botKeywords: v.botKeywords
      .split(/[,;\n]+/)
      .map((k) => k.trim())
      .filter(Boolean),
    silenceSeconds: v.silence ? s("silenceSeconds") : 0,
    silenceGraceSeconds: s("silenceGraceSeconds"),
    maxDurationSeconds: s("maxDurationSeconds"),
    waitingRoomSeconds: s("waitingRoomSeconds"),
  };
}

/** The fields whose limit is not a number within its bounds, with the bounds in the field's unit. */
export function leavingProblems(v: LeavingValues): { field: LeavingLimit; min: string; max: string }[] {
  return LEAVING_FIELDS.filter((f) => v.silence || (f !== "silenceSeconds" && f !== "silenceGraceSeconds")).flatMap((field) => {
    const value = seconds(field, v.limits[field]);
    const { min, max } = LEAVING_LIMITS[field];
    const floor = field === "silenceSeconds" ? 1 : min; // 0 is "off": the checkbox says that
    return value === null || value < floor || value > max ? [{ field, min: shown(field, floor), max: shown(field, max) }] : [];
  });
}
