/**
 * The top of a money axis: the smallest "nice" value (1, 2, 2.5 or 5 times a power of ten) at or
 * above the largest figure, so the grid lines read as round amounts ($0, $0.25, $0.50).
 */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max - 1e-12) return step * power;
  }
  return 10 * power;
}

/** Which day indexes of a series get a date under the axis: the first, the last, and every `every` in between. */
export function labelledDays(count: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  if (out[out.length - 1] !== count - 1) {
    // Keep the last label clear of the one before it.
    if (count - 1 - out[out.length - 1] < every / 2) out.pop();
    out.push(count - 1);
  }
  return out;
}
