/**
 * Runs before each browser-test file. A request a test sends through Node's `fetch` gets its
 * answer within 20 s or fails naming itself: a request the server never answered used to end a
 * test only at its 60 s time-out, with nothing to say which step had hung.
 */
const REQUEST_TIME_LIMIT_MS = 20_000;
const LIMITED = Symbol.for('shabaash.e2e.fetchTimeLimit');

type LimitedFetch = typeof fetch & { [LIMITED]?: true };

// A worker's files share its globals (isolate: false), so the first file's setup wraps fetch once.
if (!(globalThis.fetch as LimitedFetch)[LIMITED]) {
  const unlimitedFetch = globalThis.fetch;
  const limitedFetch: LimitedFetch = async (input, init) => {
    try {
      return await unlimitedFetch(input, {
        ...init,
        signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIME_LIMIT_MS),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        const url = input instanceof Request ? input.url : String(input);
        throw new Error(
          `${init?.method ?? 'GET'} ${url} got no answer within ${String(REQUEST_TIME_LIMIT_MS / 1000)} s`,
          { cause: error },
        );
      }
      throw error;
    }
  };
  limitedFetch[LIMITED] = true;
  globalThis.fetch = limitedFetch;
}
