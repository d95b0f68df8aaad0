/** A model's tool-call argument text as an object; null when it is not a JSON object. */
export function parseArguments(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = text.trim() ? JSON.parse(text) : {};
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
