/** What every vendor accepts as a function name: [a-zA-Z0-9_-], 1-64 characters. */
const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

const clean = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64) || "tool";

/**
 * The name the model sees for a server's tool: the tool's own name where it is valid and free, else
 * prefixed with the server's name (two servers may both have "search"), else numbered.
 */
export function uniqueToolName(server: string, tool: string, taken: ReadonlySet<string>): string {
  const own = VALID.test(tool) ? tool : clean(tool);
  if (!taken.has(own)) return own;
  const prefixed = clean(`${clean(server)}_${own}`);
  if (!taken.has(prefixed)) return prefixed;
  for (let n = 2; ; n++) {
    const numbered = `${prefixed.slice(0, 60)}_${n}`;
    if (!taken.has(numbered)) return numbered;
  }
}
