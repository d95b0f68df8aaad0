import type { Platform } from "./form-values";

// Spec §9 meeting-provider colours (brand tokens in app/globals.css).
// The test room (Cohost's own) wears the primary colour.
export const PLATFORM_CHIP: Record<Platform, string> = { zoom: "bg-zoom", teams: "bg-teams", meet: "bg-meet", room: "bg-primary" };
