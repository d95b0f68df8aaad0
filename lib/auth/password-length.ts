// Spec §5's minimum length, shared by the server's schemas and the browser's forms (a module of its
// own, so a form importing it loads nothing else).
export const PASSWORD_MIN_LENGTH = 8;
