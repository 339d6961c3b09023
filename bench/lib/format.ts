// Small helpers the benches share: waiting, timing, number formatting, counting.

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const now = () => performance.now();
export const fmt = (value: number, digits = 1) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';
export const pad = (value: string | number, width: number) => String(value).padStart(width);
export const countInto = (map: Map<string, number>, key: string, by = 1) =>
  map.set(key, (map.get(key) ?? 0) + by);
export const describeCounts = (map: Map<string, number>) =>
  map.size === 0
    ? 'none'
    : [...map]
        .sort((a, b) => b[1] - a[1])
        .map(([key, count]) => `${count} × ${key}`)
        .join(', ');

/** `work` over every index below `count`, at most `limit` at a time, in order. */
export async function mapLimit<T>(
  count: number,
  limit: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After a failure the others take no new work (the caller is about to stop the stack).
    while (next < count && !failed) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
