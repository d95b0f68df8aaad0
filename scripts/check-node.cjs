// Runs before `npm ci`, `npm start` and `npm test` under whatever Node is on PATH, so it is plain
// CommonJS that any Node runs: on a Node too old for Cohost (which runs TypeScript through Node's
// type stripping) it says so in one line instead of a stack trace.
const REQUIRED_MAJOR = 24;
const found = process.versions.node;
if (Number(found.split(".")[0]) < REQUIRED_MAJOR) {
  console.error(`✖ Cohost needs Node.js ${REQUIRED_MAJOR} or newer; this is Node.js ${found}. Install Node.js ${REQUIRED_MAJOR} LTS and try again.`);
  process.exit(1);
}
