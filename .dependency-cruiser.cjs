// The house's layers (docs/architecture.md), enforced by dependency-cruiser in `npm test`
// (`npm run lint:layers`). Every folder of lib/ has a place in LIB_ORDER, lowest first: a folder may
// import only itself and the folders before it. That one rule gives both "layers point one way" and
// "no two folders import each other". Above lib/: app/ and components/ (the app), then scripts/,
// bench/, test/ and e2e/, which may use anything but nothing in lib/ may use them.

/** Base: no product knowledge, used by everything. */
const BASE = ["generated", "config.ts", "site.ts", "log.ts", "errors", "i18n", "crypto", "validation", "contract", "net", "sse", "db", "rate-limit", "jobs", "mail", "storage", "browser", "secrets-bootstrap.ts"];
/** Domains, each owning its tables, operations, schemas and serializers; later ones may use earlier ones. */
const DOMAINS = ["events", "billing", "api-keys", "auth", "providers", "meetings", "tools", "agents", "rooms", "calendar", "webhooks", "account", "users", "dashboard", "onboarding", "feedback"];
/** Runtimes: long-running work over the domains (the voice pipeline, summaries, the bots). */
const RUNTIMES = ["voice", "summaries", "bots"];
/** HTTP: route wrappers and the OpenAPI document built from the domains' contracts. */
const HTTP = ["http", "openapi"];
/** The browser's side of lib/, used only by app/ and components/. */
const CLIENT = ["client", "shell", "analytics"];

const LIB_ORDER = [...BASE, ...DOMAINS, ...RUNTIMES, ...HTTP, ...CLIENT];

const escape = (s) => s.replace(/[.]/g, "\\.");
const folder = (name) => `^lib/${escape(name)}${name.endsWith(".ts") ? "$" : "(/|$)"}`;
const anyOf = (names) => `^lib/(${names.map((n) => escape(n) + (n.endsWith(".ts") ? "$" : "(/|$)")).join("|")})`;

/** Imports that run back up, each with its reason (docs/architecture.md, "Exceptions"). */
const EXCEPTIONS = [];

// Tests beside the code (lib/…/x.test.ts) are tests: they may use anything.
const TESTS = "\\.test\\.tsx?$";

const upward = LIB_ORDER.slice(0, -1).map((name, i) => ({
  name: `layer-of-lib/${name}`,
  comment: `lib/${name} may import only the folders before it in LIB_ORDER (.dependency-cruiser.cjs)`,
  severity: "error",
  from: { path: folder(name), pathNot: [TESTS, ...EXCEPTIONS.filter((e) => e.from.startsWith(`lib/${name}`)).map((e) => `^${escape(e.from)}$`)] },
  to: { path: anyOf(LIB_ORDER.slice(i + 1)) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: "lib-is-not-the-app",
      comment: "lib/ never imports the app, the components, scripts, tests or benches",
      severity: "error",
      from: { path: "^lib/", pathNot: TESTS },
      to: { path: "^(app|components|scripts|bench|test|e2e)/" },
    },
    {
      name: "components-are-not-routes",
      comment: "components/ never imports app/ (routes use components, not the other way round)",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "every-lib-folder-has-a-layer",
      comment: "a new folder under lib/ must be placed in LIB_ORDER",
      severity: "error",
      from: { path: "^lib/", pathNot: [TESTS, anyOf(LIB_ORDER)] },
      to: {},
    },
    {
      name: "no-circular",
      comment: "no module imports itself through others",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next[^/]*|lib/generated)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"] },
  },
};
