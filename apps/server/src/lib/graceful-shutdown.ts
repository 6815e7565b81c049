import type { FastifyInstance } from 'fastify';

/**
 * Stops an instance without dropping the stream (README, Rolling restarts):
 * 1. `/healthz` answers 503 at once, and for `drainMs` the instance still serves, so a proxy
 *    that polls it moves new requests to the other instances first;
 * 2. `app.close()` stops accepting connections, ends the live streams (overlays reconnect to
 *    another instance and resume from their Last-Event-ID: nothing is lost or shown twice),
 *    lets the requests in flight finish (a webhook being handled is answered), then closes the
 *    event bus and timers.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.lifecycle.isDraining = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
}
