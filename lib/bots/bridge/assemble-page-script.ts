import fs from "node:fs";
import path from "node:path";

// The in-page half of the bridge is written as small ES modules (page/*.js, type-checked through
// their JSDoc) but reaches the page as one classic script (addInitScript runs no modules). This
// joins an entry module and everything it imports into that script: each module in its own function
// scope, in dependency order, handing on only what it exports. No bundler: the worker runs from the
// sources with production dependencies only, and a bundler or test runner must not rewrite code that
// runs in a page. Only the module syntax the page modules use is understood — `import { a, b as c }
// from "./x.js";` and `export` before a function, const, let or class — anything else is an error.

const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"\.\/([\w.-]+\.js)";?[ \t]*$/gm;
const EXPORT = /^export\s+((?:async\s+)?function\*?|const|let|class)\s+([\w$]+)/gm;
const LEFTOVER = /^[ \t]*(?:import|export)\b/m;
/** For the type checker only. */
const TS_CHECK = /^\/\/ @ts-check\n/;

interface PageModule {
  file: string;
  /** The module's own scope's name in the script. */
  scope: string;
  exports: string[];
  /** Its source with imports and `export` keywords taken out. */
  body: string;
}

/** `name` or `name as alias` → a destructuring entry. */
function binding(specifier: string, file: string): string {
  const m = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(specifier);
  if (!m) throw new Error(`${file}: cannot read the import "${specifier}"`);
  return m[2] ? `${m[1]}: ${m[2]}` : m[1];
}

function readModule(dir: string, file: string, load: (dep: string) => PageModule, imported: (dep: string, names: string[]) => void): PageModule {
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const exports: string[] = [];
  const body = source
    .replace(TS_CHECK, "")
    .replace(IMPORT, (_, list: string, dep: string) => {
      const specifiers = list.split(",").map((s) => s.trim()).filter(Boolean);
      imported(dep, specifiers.map((s) => s.split(/\s+as\s+/)[0]));
      return `const { ${specifiers.map((s) => binding(s, file)).join(", ")} } = ${load(dep).scope};`;
    })
    .replace(EXPORT, (_, kind: string, name: string) => {
      exports.push(name);
      return `${kind} ${name}`;
    });
  const leftover = LEFTOVER.exec(body);
  if (leftover) throw new Error(`${file}: unsupported module syntax at "${body.slice(leftover.index, leftover.index + 40).trim()}"`);
  return { file, scope: `__page_${file.replace(/\.js$/, "").replace(/[^\w$]/g, "_")}`, exports, body };
}

/**
 * The script of `entry` (a file in `dir`) and the modules it imports: every module once, each
 * before the modules that import it, and the entry's exports as constants of the enclosing scope.
 * The same files always give the same text.
 */
export function assemblePageScript(dir: string, entry: string): string {
  const done = new Map<string, PageModule>();
  const visiting: string[] = [];
  const scopes = new Set<string>();
  const order: PageModule[] = [];
  const checks: { from: string; dep: string; names: string[] }[] = [];

  function load(file: string): PageModule {
    const known = done.get(file);
    if (known) return known;
    if (visiting.includes(file)) throw new Error(`page modules import each other: ${[...visiting, file].join(" → ")}`);
    visiting.push(file);
    const pageModule = readModule(dir, file, load, (dep, names) => checks.push({ from: file, dep, names }));
    visiting.pop();
    if (scopes.has(pageModule.scope)) throw new Error(`${file}: another page module has the same scope name ${pageModule.scope}`);
    scopes.add(pageModule.scope);
    done.set(file, pageModule);
    order.push(pageModule);
    return pageModule;
  }

  const main = load(entry);
  for (const { from, dep, names } of checks) {
    const exported = done.get(dep)?.exports ?? [];
    for (const name of names) if (!exported.includes(name)) throw new Error(`${from}: ${dep} does not export ${name}`);
  }
  const modules = order.map((m) => `// ${m.file}\nconst ${m.scope} = (() => {\n${m.body.trimEnd()}\nreturn { ${m.exports.join(", ")} };\n})();`);
  return `${modules.join("\n")}\nconst { ${main.exports.join(", ")} } = ${main.scope};`;
}
