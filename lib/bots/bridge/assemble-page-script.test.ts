import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { assemblePageScript } from "./assemble-page-script.ts";
import { bridgeInitScript } from "./page-script.ts";

const dirs: string[] = [];
function modules(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-modules-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs an assembled script as a page would (a classic script) and gives back what `expression` is there. */
function run(script: string, expression: string): unknown {
  const context = vm.createContext({ order: [] as string[] });
  new vm.Script(`(() => {\n${script}\nglobalThis.result = ${expression};\n})();`).runInContext(context);
  return context.result;
}

describe("assemblePageScript", () => {
  it("joins an entry and what it imports into one classic script, each module once, before its importers, with its own scope", () => {
    const dir = modules({
      "main.js": `// @ts-check\nimport { twice } from "./twice.js";\nimport {\n  add,\n  label as name,\n} from "./add.js";\nconst helper = "main";\norder.push(helper);\nexport function main(x) {\n  return name + ":" + add(twice(x), 1);\n}\n`,
      "twice.js": `import { add } from "./add.js";\nconst helper = "twice";\norder.push(helper);\nexport const twice = (x) => add(x, x);\n`,
      "add.js": `const helper = "add";\norder.push(helper);\nexport function add(a, b) {\n  return a + b;\n}\nexport const label = "sum";\n`,
    });
    const script = assemblePageScript(dir, "main.js");
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(script).not.toContain("@ts-check");
    expect(script.match(/^\/\/ add\.js$/gm)).toHaveLength(1);
    // Every module keeps its private names (three `helper`s), and runs after the ones it imports.
    expect(run(script, "[main(5), order.join(',')]")).toEqual(["sum:11", "add,twice,main"]);
    // The same files give the same script.
    expect(assemblePageScript(dir, "main.js")).toBe(script);
  });

  it("refuses what it cannot join faithfully: cycles, missing exports, other module syntax", () => {
    const cycle = modules({ "a.js": `import { b } from "./b.js";\nexport const a = 1;\n`, "b.js": `import { a } from "./a.js";\nexport const b = a;\n` });
    expect(() => assemblePageScript(cycle, "a.js")).toThrow("page modules import each other: a.js → b.js → a.js");
    const missing = modules({ "a.js": `import { nope } from "./b.js";\nexport const a = nope;\n`, "b.js": `export const b = 1;\n` });
    expect(() => assemblePageScript(missing, "a.js")).toThrow("a.js: b.js does not export nope");
    const other = modules({ "a.js": `export default function a() {}\n` });
    expect(() => assemblePageScript(other, "a.js")).toThrow("a.js: unsupported module syntax");
    const star = modules({ "a.js": `import * as b from "./b.js";\nexport const a = b;\n`, "b.js": `export const b = 1;\n` });
    expect(() => assemblePageScript(star, "a.js")).toThrow("a.js: unsupported module syntax");
  });
});

describe("bridgeInitScript", () => {
  it("is one deterministic classic script made of every page module, calling the bridge with its config", () => {
    const config = { binding: "__send", frameMs: 20, capture: "both" } as const;
    const script = bridgeInitScript(config);
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    const pageDir = path.join(import.meta.dirname, "page");
    for (const file of fs.readdirSync(pageDir).filter((f) => f.endsWith(".js"))) expect(script).toContain(`\n// ${file}\n`);
    expect(script.trimEnd().endsWith(`cohostAudioBridge(${JSON.stringify(config)});\n})();`)).toBe(true);
    expect(assemblePageScript(pageDir, "bridge.js")).toBe(script.slice("(() => {\n".length, script.lastIndexOf("\ncohostAudioBridge(")));
  });

  it("leaves a document that already has the bridge alone", () => {
    const window = { __cohostBridge: { existing: true } };
    const context = vm.createContext({ window });
    new vm.Script(bridgeInitScript({ binding: "__send", frameMs: 20, capture: "peer" })).runInContext(context);
    expect(window).toEqual({ __cohostBridge: { existing: true } });
  });
});
