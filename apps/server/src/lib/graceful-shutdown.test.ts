import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { drainAndClose } from './graceful-shutdown.ts';

describe('stopping an instance', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  it('closes a keep-alive connection whose request was in flight, so close() does not wait for it', async () => {
    const app = await buildApp({ config: testApp.config, database: testApp.database });
    let handlerStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    let finishHandler: () => void = () => {};
    app.get('/test/slow', async () => {
      handlerStarted();
      await new Promise<void>((resolve) => (finishHandler = resolve));
      return { ok: true };
    });
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<{ connection: string | undefined; socketClosed: Promise<void> }>(
      (resolve, reject) => {
        const request = http.get({ host: url.hostname, port: url.port, path: '/test/slow', agent });
        request.on('error', reject);
        request.on('response', (response) => {
          const socketClosed = new Promise<void>((done) => response.socket.once('close', done));
          response.resume();
          resolve({ connection: response.headers.connection, socketClosed });
        });
      },
    );
    await started;

    const closing = drainAndClose(app, 0); // the request is still being handled
    finishHandler();
    const { connection, socketClosed } = await answer;

    expect(connection).toBe('close');
    await socketClosed;
    await closing; // without the header it would wait for the 72 s keep-alive timeout
    agent.destroy();
  });
});
