// Spec §5 e-mail pattern: non-space text, @, non-space text, dot, non-space text. Browser-safe, so
// forms check exactly what the server checks.
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
