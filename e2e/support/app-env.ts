import { stackPorts } from "./ports.ts";

// What the e2e build is made with: its own folder, so it never overwrites the build `npm start`
// serves, and public settings pointing the browser at the stack's analytics collector and error
// reporter. Every slot serves this one build (e2e/support/ports.ts).
const shared = stackPorts(0);

export const E2E_BUILD_ENV = {
  NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-e2e",
  NEXT_PUBLIC_ANALYTICS_ID: "e2e-analytics",
  NEXT_PUBLIC_ANALYTICS_URL: `http://127.0.0.1:${shared.analyticsPort}/__analytics/collect`,
  NEXT_PUBLIC_SENTRY_DSN: `http://e2e-public-key@127.0.0.1:${shared.errorReportPort}/42`,
};
