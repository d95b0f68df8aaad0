// Spec §2: /reset-password shows the same screen as /signin.
export { default, generateMetadata } from "../signin/page";

export const dynamic = "force-dynamic";
