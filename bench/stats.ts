export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Runs `ours` and `baseline` `rounds` times, swapping which goes first each round so that
 * drift on a noisy machine (thermal, other processes) hits both equally.
 */
export async function alternate<T>(
  rounds: number,
  ours: () => Promise<T>,
  baseline: () => Promise<T>,
): Promise<{ ours: T[]; baseline: T[] }> {
  const result = { ours: [] as T[], baseline: [] as T[] };
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      result.ours.push(await ours());
      result.baseline.push(await baseline());
    } else {
      result.baseline.push(await baseline());
      result.ours.push(await ours());
    }
  }
  return result;
}

export const round = (value: number, digits = 0): number => Number(value.toFixed(digits));
