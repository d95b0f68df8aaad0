/** The billing tables' header and body cells. */
export const th = "py-2 pr-4 text-left font-medium text-[var(--text-muted)]";
export const td = "py-2 pr-4";
