import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that follows a reply (the contact e-mail), so the visitor never waits on SMTP; shutdown
 * waits for what is still in flight, which the mailer's own timeouts bound.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts a task; a failure is logged as `failureMessage` with `context`, and goes no further. */
  run(failureMessage: string, context: Record<string, unknown>, task: () => Promise<void>): void {
    const promise: Promise<void> = task()
      .catch((error: unknown) => this.log.error({ err: error, ...context }, failureMessage))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once every started task has finished. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
