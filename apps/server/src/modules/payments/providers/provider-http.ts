import { ProviderError } from '../payment-provider.ts';
import { isRecord } from './provider-utils.ts';

/**
 * Outbound HTTP for the payment gateways: a time-out on every attempt, a bounded retry with
 * back-off on failures that may pass (network errors, time-outs, 429 and 5xx), and errors that
 * name the call but never the credentials. A fan waits on these calls, so the bounds are tight.
 */

export type ProviderHttpTuning = {
  /** Per attempt, covering connect, headers and body. */
  timeoutMs: number;
  /** Tries in all for a request that is safe to repeat (1 = never retry). */
  attempts: number;
  /** Wait before the first retry; doubled for each later one, plus a little jitter. */
  backoffMs: number;
};

export const DEFAULT_PROVIDER_HTTP_TUNING: ProviderHttpTuning = {
  timeoutMs: 10_000,
  attempts: 3,
  backoffMs: 300,
};

export type ProviderHttpConfig = {
  /** Name used in error messages, e.g. "Cashfree". */
  provider: string;
  /** API root without a trailing slash, e.g. https://sandbox.cashfree.com/pg. */
  baseUrl: string;
  /** Sent with every call (credentials, API version). Never copied into an error or a log. */
  headers: Record<string, string>;
  tuning?: Partial<ProviderHttpTuning>;
};

export type ProviderRequest<T> = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Checks and narrows a 2xx answer's JSON; throwing means the answer cannot be used. */
  parse: (body: unknown) => T;
  /** The provider's idempotency header: with it a POST is retried under the same key. */
  idempotency?: { header: string; key: string };
  /** Overrides the tuning's attempts for this request (1 = no retry). */
  attempts?: number;
  /**
   * For a POST the provider cannot deduplicate: asked before each retry whether the failed try
   * took effect after all. A non-null answer ends the request with it; null sends it again.
   */
  recover?: () => Promise<T | null>;
};

/** The provider answered with an HTTP error; `code` is its own error code when it sent one. */
export class ProviderHttpError extends ProviderError {
  constructor(
    message: string,
    retryable: boolean,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message, retryable);
    this.name = 'ProviderHttpError';
  }
}

export type ProviderHttp = {
  /** Sends one logical request; resolves with the checked body of a 2xx answer. */
  request<T>(request: ProviderRequest<T>): Promise<T>;
};

export function createProviderHttp(config: ProviderHttpConfig): ProviderHttp {
  const tuning = { ...DEFAULT_PROVIDER_HTTP_TUNING, ...config.tuning };
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  async function attempt<T>(request: ProviderRequest<T>, label: string): Promise<T> {
    const url = new URL(baseUrl + request.path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...config.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotency) headers[request.idempotency.header] = request.idempotency.key;

    // One timer for the whole attempt, so a server that sends headers and then stalls the
    // body is cut off too.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), tuning.timeoutMs);
    try {
      const response = await fetch(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
        redirect: 'error',
      });
      const text = await response.text();
      if (!response.ok) throw httpError(config.provider, label, response.status, text);
      try {
        return request.parse(JSON.parse(text));
      } catch {
        throw new ProviderError(
          `${config.provider} ${label} answered with a body we cannot read`,
          false,
        );
      }
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (controller.signal.aborted) {
        throw new ProviderError(
          `${config.provider} ${label} timed out after ${tuning.timeoutMs} ms`,
          true,
        );
      }
      throw new ProviderError(
        `${config.provider} ${label} failed: ${transportReason(error)}`,
        true,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async request<T>(request: ProviderRequest<T>): Promise<T> {
      // Paths carry only ids (ours or the provider's); the query is left out of messages.
      const label = `${request.method} ${request.path}`;
      const isRepeatable =
        request.method === 'GET' || request.idempotency !== undefined || !!request.recover;
      const attempts = request.attempts ?? tuning.attempts;
      for (let tryNumber = 1; ; tryNumber += 1) {
        try {
          if (tryNumber > 1 && request.recover) {
            const recovered = await request.recover();
            if (recovered !== null) return recovered;
          }
          return await attempt(request, label);
        } catch (error) {
          const failure =
            error instanceof ProviderError
              ? error
              : new ProviderError(`${config.provider} ${label} failed`, false);
          if (!failure.retryable || !isRepeatable || tryNumber >= attempts) throw failure;
          await sleep(backoffDelay(tuning.backoffMs, tryNumber));
        }
      }
    },
  };
}

/** backoff × 2^(n−1), plus up to half a backoff of jitter so retries from many calls spread. */
function backoffDelay(backoffMs: number, tryNumber: number): number {
  return backoffMs * 2 ** (tryNumber - 1) + Math.floor(Math.random() * (backoffMs / 2));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * An error answer as a ProviderHttpError: 429 and 5xx may pass, other 4xx will not. The
 * provider's own code and message are kept (they describe the request, not our keys).
 */
function httpError(provider: string, label: string, status: number, text: string) {
  const { code, message } = readErrorBody(text);
  const detail = [code, message].filter(Boolean).join(': ');
  return new ProviderHttpError(
    `${provider} ${label} answered ${status}${detail ? ` (${detail})` : ''}`,
    status === 429 || status >= 500,
    status,
    code,
  );
}

/** Cashfree sends `{ code, message }`; Razorpay `{ error: { code, description } }`. */
function readErrorBody(text: string): { code: string | null; message: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { code: null, message: null };
  }
  const source = isRecord(body) && isRecord(body.error) ? body.error : body;
  if (!isRecord(source)) return { code: null, message: null };
  const code = typeof source.code === 'string' ? source.code : null;
  const raw = source.message ?? source.description;
  const message = typeof raw === 'string' ? raw.slice(0, 200) : null;
  return { code, message };
}

/** Node's fetch hides the reason in `cause` (ECONNREFUSED, ENOTFOUND …). */
function transportReason(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    if (isRecord(cause) && typeof cause.code === 'string') return cause.code;
    if (cause instanceof Error) return cause.message;
    return error.message;
  }
  return 'unknown error';
}
