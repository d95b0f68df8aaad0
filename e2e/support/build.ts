// The e2e suite's production build, made ahead of the stack when missing or stale (`npm test` runs
// this beside the type check and the linters; the stack would otherwise build it on start).
import { buildApp, needsBuild } from "../../scripts/build-app.ts";
import { E2E_BUILD_ENV } from "./app-env.ts";

const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env, ...E2E_BUILD_ENV, COHOST_ENV: "test" };
if (!needsBuild(env)) console.log(`▸ The e2e build in ${env.NEXT_DIST_DIR} is up to date`);
else if (!buildApp(env)) process.exit(1);
