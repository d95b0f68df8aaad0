/** The most an agent's "Join N minutes before the start" may say (0 is at the start); shared by the API and the form. */
export const MAX_JOIN_LEAD_MINUTES = 15;
