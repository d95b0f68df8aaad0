// Public settings of the site (spec §9: title, URL and contact are settings).
export const SITE = {
  title: "Cohost",
  contactEmail: process.env.NEXT_PUBLIC_CONTACT_EMAIL || "support@cohost.app",
  termsUrl: process.env.NEXT_PUBLIC_TERMS_URL || "https://cohost.app/terms",
  privacyUrl: process.env.NEXT_PUBLIC_PRIVACY_URL || "https://cohost.app/privacy",
};
