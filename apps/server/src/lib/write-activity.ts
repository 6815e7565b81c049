import type { FastifyReply, FastifyRequest } from 'fastify';

/** Longest a background step waits for a quiet moment: background work is never starved. */
const DEFAULT_MAX_WAIT_MS = 500;

/**
 * Requests in flight on this instance that change something (every method but GET and HEAD:
 * payment webhooks, orders, settings). Background jobs wait for a moment with none before
 * each database step, so one tip's speech never queues in front of the next tip's webhook
 * (issue 23): with the embedded PGlite every query runs on the server's one thread, in turn.
 */
export class WriteActivity {
  private inFlight = 0;
  private waiting: Array<() => void> = [];

  /** Counts the request until its response is sent or its connection closes, once. */
  track(request: FastifyRequest, reply: FastifyReply): void {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    this.inFlight += 1;
    reply.raw.once('close', () => {
      this.inFlight -= 1;
      if (this.inFlight > 0) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
    });
  }

  /** Resolves when no write is in flight, or after `maxWaitMs` at the latest. */
  quiet(maxWaitMs = DEFAULT_MAX_WAIT_MS): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((waiter) => waiter !== done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      timer.unref();
      this.waiting.push(done);
    });
  }
}
