/**
 * Splits lines into chunks of at most `budget` characters (newlines counted), keeping lines whole;
 * a single line longer than the budget is cut into pieces of its own.
 */
export function chunkLines(lines: readonly string[], budget: number): string[] {
  const chunks: string[] = [];
  let current = "";
  const push = () => {
    if (current) chunks.push(current);
    current = "";
  };
  for (const line of lines) {
    if (line.length > budget) {
      push();
      for (let i = 0; i < line.length; i += budget) chunks.push(line.slice(i, i + budget));
      continue;
    }
    if (current && current.length + 1 + line.length > budget) push();
    current = current ? `${current}\n${line}` : line;
  }
  push();
  return chunks;
}
