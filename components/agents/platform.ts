import type { Platform } from "./form-values";

// Spec §9 meeting-provider colours (brand tokens in app/globals.css).
// The test room (Cohost's own) wears the primary colour; its navy would vanish on the dark theme's
// surface, so there it takes the light shade.
export const PLATFORM_CHIP: Record<Platform, string> = { zoom: "bg-zoom", teams: "bg-teams", meet: "bg-meet", room: "bg-primary dark:bg-primary-light" };
