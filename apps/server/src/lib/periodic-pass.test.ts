import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicPass } from './periodic-pass.ts';

const quietLog = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('startPeriodicPass', () => {
  it('stops only once the pass in progress has finished, so a shutdown closes the database after it', async () => {
    let finishPass = () => {};
    const events: string[] = [];
    const stop = startPeriodicPass(
      { name: 'test pass', intervalMs: 60_000, runNow: true, log: quietLog },
      () =>
        new Promise<void>((resolve) => {
          events.push('pass started');
          finishPass = () => {
            events.push('pass finished');
            resolve();
          };
        }),
    );
    const stopped = stop().then(() => events.push('stopped'));
    await Promise.resolve();
    expect(events).toEqual(['pass started']);
    finishPass();
    await stopped;
    expect(events).toEqual(['pass started', 'pass finished', 'stopped']);
  });

  it('logs a failed pass and stops at once when no pass is running', async () => {
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const stop = startPeriodicPass(
      { name: 'failing pass', intervalMs: 60_000, runNow: true, log },
      () => Promise.reject(new Error('boom')),
    );
    await stop();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'failing pass failed',
    );
    await expect(stop()).resolves.toBeUndefined();
  });
});
