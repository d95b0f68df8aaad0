import path from "node:path";
import ts from "typescript";
import { beforeAll } from "vitest";

// Judges JSON against a vendor SDK's own TypeScript declarations: each value is written as an object
// literal assigned to the SDK's type and the file is type-checked. Object literals get TypeScript's
// excess-property check, so a field the SDK does not declare fails as surely as a missing required
// one, a string where a number belongs or a value outside a literal union ("Results" | …). SDKs
// without a runtime schema (Deepgram, Cartesia, OpenAI's stream chunks) are judged this way.

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
};

// On the wire an enum is its string value: Wire<T> turns string enums (Gemini's FinishReason, …) into
// the union of their values and leaves everything else as the SDK declares it.
const WIRE = "type Wire<T> = T extends string ? `${T}` : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;";

// The SDKs' declaration files parse once per process; every check reuses them.
const parsed = new Map<string, ts.SourceFile | undefined>();
const baseHost = ts.createCompilerHost(OPTIONS);
let previous: ts.Program | undefined;

/**
 * Type-checks each value as `typeName` imported from `from` (e.g. `import type { listen } from
 * "@deepgram/sdk"` and "listen.ListenV1Results"); resolves with one message per mismatch, [] when
 * every value conforms.
 */
export function sdkTypeErrors(imports: string, checks: { typeName: string; value: unknown }[]): string[] {
  const file = path.join(ROOT, `test/voice/providers/sdk/.judge-${process.pid}.ts`);
  const lines = checks.map((c, i) => `export const value${i}: Wire<${c.typeName}> = ${JSON.stringify(c.value)};`);
  const source = `${imports}\n${lines.join("\n")}\n${WIRE}\n`;
  const host: ts.CompilerHost = {
    ...baseHost,
    fileExists: (name) => name === file || baseHost.fileExists(name),
    readFile: (name) => (name === file ? source : baseHost.readFile(name)),
    getSourceFile(name, language) {
      if (name === file) return ts.createSourceFile(name, source, language, true);
      if (!parsed.has(name)) parsed.set(name, baseHost.getSourceFile(name, language));
      return parsed.get(name);
    },
  };
  const program = ts.createProgram({ rootNames: [file], options: OPTIONS, host, oldProgram: previous });
  previous = program;
  const sourceFile = program.getSourceFile(file)!;
  return ts.getPreEmitDiagnostics(program, sourceFile).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const index = line - imports.split("\n").length;
    const which = index >= 0 && index < checks.length ? `${checks[index].typeName} ${JSON.stringify(checks[index].value).slice(0, 160)}` : "";
    return `${which}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

/**
 * Reads the SDK's declarations once before the file's tests (with a hook's generous time): the
 * first check parses them, which on a busy machine can take longer than a test may.
 */
export function readSdkTypesFirst(imports: string): void {
  beforeAll(() => void sdkTypeErrors(imports, []), 180_000);
}
