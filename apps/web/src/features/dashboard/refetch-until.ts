/** Spec 02 §4, OBS token: after generating, re-fetch up to 3 times, waiting 500, 1000, 1500 ms. */
export const TOKEN_REFETCH_WAITS_MS = [500, 1000, 1500] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads once, then, while `isDone` is false, waits and loads again, once per entry of `waitsMs`.
 * Returns the last value loaded, done or not.
 */
export async function refetchUntil<T>(
  load: () => Promise<T>,
  isDone: (value: T) => boolean,
  waitsMs: readonly number[] = TOKEN_REFETCH_WAITS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  let value = await load();
  for (const ms of waitsMs) {
    if (isDone(value)) return value;
    await wait(ms);
    value = await load();
  }
  return value;
}
