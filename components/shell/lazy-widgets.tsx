"use client";
import dynamic from "next/dynamic";
import { AccountButtonStandIn, FeedbackButtonStandIn, MenuButtonStandIn, ThemeButtonStandIn } from "./triggers";

// The shell's menus, drawer and dialogs (Radix with its positioning, focus and scroll-lock code)
// are not needed to show a page, so they are split from the first load: each loads in the browser
// right after the page has rendered, with a look-alike disabled button in its place until then.
// This keeps every page's first-load JavaScript within budget (`npm run bench:bundle`).
export const ThemeMenu = dynamic(() => import("./theme-menu").then((m) => m.ThemeMenu), { ssr: false, loading: ThemeButtonStandIn });
export const UserMenu = dynamic(() => import("./user-menu").then((m) => m.UserMenu), { ssr: false, loading: AccountButtonStandIn });
export const MobileDrawer = dynamic(() => import("./mobile-drawer").then((m) => m.MobileDrawer), { ssr: false, loading: MenuButtonStandIn });
export const FeedbackPopover = dynamic(() => import("./feedback-popover").then((m) => m.FeedbackPopover), { ssr: false, loading: FeedbackButtonStandIn });
// Only mounted once asked for.
export const ProfileDialog = dynamic(() => import("./profile-dialog").then((m) => m.ProfileDialog), { ssr: false });
