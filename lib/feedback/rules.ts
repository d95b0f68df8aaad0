// Spec §5 feedback rules, shared by the popover and the API.
export const FEEDBACK_MIN = 10;
export const FEEDBACK_MAX = 2000;
export const FEEDBACK_TOO_SHORT = "Feedback must be at least 10 characters long";
export const FEEDBACK_TOO_LONG = "Feedback must be less than 2000 characters";

/** The validation message for a draft, or null when it can be sent. */
export function feedbackError(message: string): string | null {
  const trimmed = message.trim();
  if (trimmed.length > FEEDBACK_MAX) return FEEDBACK_TOO_LONG;
  if (trimmed.length < FEEDBACK_MIN) return FEEDBACK_TOO_SHORT;
  return null;
}

/** The field shows an error only once the user typed something too short, or too much. */
export function feedbackFieldInError(message: string): boolean {
  const trimmed = message.trim();
  return (trimmed.length > 0 && trimmed.length < FEEDBACK_MIN) || trimmed.length > FEEDBACK_MAX;
}
