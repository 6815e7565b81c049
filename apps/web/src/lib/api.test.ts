// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, GENERIC_ERROR_MESSAGE, apiFetch } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(implementation: (...args: Parameters<typeof fetch>) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Runs the call and returns what it threw, failing the test if it resolved. */
async function catchError(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('returns the parsed JSON body of a 2xx answer', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { status: 'ok' }));

    await expect(apiFetch<{ status: string }>('/healthz')).resolves.toEqual({ status: 'ok' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/healthz');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    // No JSON content type without a body: Fastify would reject the empty body.
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('sends the body as JSON and the token as a bearer token', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { token: 'obs_x' }));

    await apiFetch('/api/streamers/techgamer/obs-tokens', {
      method: 'POST',
      body: { label: 'main' },
      token: 'secret',
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"label":"main"}');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer secret',
    });
  });

  it('resolves to undefined for an empty 204 answer', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));

    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it("throws the server's error code and message on a non-2xx answer", async () => {
    stubFetch(async () =>
      jsonResponse(404, { error: { code: 'not_found', message: 'Streamer not found' } }),
    );

    const error = await catchError(apiFetch('/api/streamers/nobody'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Streamer not found' });
  });

  it('throws a generic http_error when the error body is not the standard shape', async () => {
    stubFetch(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));

    const error = await catchError(apiFetch('/api/streamers/techgamer'));

    expect(error).toMatchObject({
      status: 502,
      code: 'http_error',
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('throws network_error when the request never reaches the server', async () => {
    stubFetch(async () => {
      throw new TypeError('fetch failed');
    });

    const error = await catchError(apiFetch('/api/streamers/techgamer'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('rethrows an abort untouched so query cancellation is not reported as a failure', async () => {
    stubFetch(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    const error = await catchError(apiFetch('/api/streamers/techgamer'));

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
