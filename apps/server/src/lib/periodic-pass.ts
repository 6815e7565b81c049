import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a background pass every `intervalMs` (and once at once when `runNow`), never two at a
 * time: a pass still running when the next is due makes that one skip. A failed pass is
 * logged as `<name> failed`, and the next runs as usual. Returns the function that stops it.
 */
export function startPeriodicPass(
  options: { name: string; intervalMs: number; runNow?: boolean; log: FastifyBaseLogger },
  pass: () => Promise<unknown>,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      options.log.error({ err: error }, `${options.name} failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  if (options.runNow) void run();
  return () => clearInterval(timer);
}
