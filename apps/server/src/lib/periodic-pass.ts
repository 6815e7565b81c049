import type { FastifyBaseLogger } from 'fastify';

/** Stops a periodic pass; resolves once a pass in progress has finished. */
export type StopPeriodicPass = () => Promise<void>;

/**
 * Runs a background pass every `intervalMs` (and once at once when `runNow`), never two at a
 * time: a pass still running when the next is due makes that one skip. A failed pass is
 * logged as `<name> failed`, and the next runs as usual. Returns the function that stops it,
 * which waits for a pass in progress, so a shutdown closes the database after the pass, not
 * under it.
 */
export function startPeriodicPass(
  options: { name: string; intervalMs: number; runNow?: boolean; log: FastifyBaseLogger },
  pass: () => Promise<unknown>,
): StopPeriodicPass {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pass()
      .then(
        () => undefined,
        (error: unknown) => options.log.error({ err: error }, `${options.name} failed`),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  if (options.runNow) run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
