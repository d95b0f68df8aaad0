// Spec §2: /reset-password shows the same screen as /signin.
export { default, dynamic } from "../signin/page";
