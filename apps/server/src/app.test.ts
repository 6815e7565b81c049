import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('HTTP foundation', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    testApp.app.post('/api/test/echo', async (request) => ({ received: request.body }));
    testApp.app.get('/api/test/bug', async () => {
      throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
    });
  });
  afterAll(() => testApp.close());

  it('answers /healthz when the database is up', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const url of ['/api/does-not-exist', '/api/streamers/x/nothing']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const post = await testApp.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });

  it('answers a thrown bug with 500 and tells the client nothing about it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    });
    expect(response.body).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });

  it('rejects bodies over the limit with 413 in the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('body_too_large');
  });

  it('reports 503 from /healthz once the database stops answering', async () => {
    const other = await createTestApp();
    // The event bus holds a pooled LISTEN connection (PostgreSQL); let it go so the pool can end.
    await other.app.realtime.bus.close();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('database_unavailable');
    await other.app.close();
  });
});
