import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteActivity } from './write-activity.ts';

/** An app whose /slow routes answer only when the test says so. */
function slowApp(writes: WriteActivity) {
  const app = Fastify();
  app.addHook('onRequest', async (request, reply) => writes.track(request, reply));
  let started: () => void = () => {};
  let finish: () => void = () => {};
  const handlerStarted = () => new Promise<void>((resolve) => (started = resolve));
  const handler = async () => {
    started();
    await new Promise<void>((resolve) => (finish = resolve));
    return { ok: true };
  };
  app.post('/slow', handler);
  app.get('/slow', handler);
  return { app, handlerStarted, finish: () => finish() };
}

/** Whether the promise has settled once pending I/O and timers of this turn have run. */
async function hasSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('background work waits for a moment with no write in flight', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => app?.close());

  it('holds a background step while a webhook-like POST is being answered, then lets it run', async () => {
    const writes = new WriteActivity();
    const slow = slowApp(writes);
    app = slow.app;
    const started = slow.handlerStarted();
    const answer = app.inject({ method: 'POST', url: '/slow' });
    await started;

    const quiet = writes.quiet(60_000);
    expect(await hasSettled(quiet)).toBe(false);
    slow.finish();
    expect((await answer).statusCode).toBe(200);
    await quiet; // resolves when the response is sent, long before the 60 s limit
  });

  it('does not wait for reads (overlays poll with GET)', async () => {
    const writes = new WriteActivity();
    const slow = slowApp(writes);
    app = slow.app;
    const started = slow.handlerStarted();
    const answer = app.inject({ method: 'GET', url: '/slow' });
    await started;

    expect(await hasSettled(writes.quiet(60_000))).toBe(true);
    slow.finish();
    await answer;
  });

  it('never starves background work: a step runs after the longest wait even under writes', async () => {
    const writes = new WriteActivity();
    const slow = slowApp(writes);
    app = slow.app;
    const started = slow.handlerStarted();
    const answer = app.inject({ method: 'POST', url: '/slow' });
    await started;

    await writes.quiet(20); // resolves although the POST is still open
    expect(await hasSettled(answer.then(() => undefined))).toBe(false);
    slow.finish();
    await answer;
  });
});
