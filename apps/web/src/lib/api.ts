/** What a user sees when the server cannot be reached or answers with something unexpected. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A failed API call: the server's `{ error: { code, message } }`, or a transport failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** Stable machine-readable code, e.g. `validation_error`, `network_error`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. Leave undefined for requests without a body. */
  body?: unknown;
  /** Session access token, sent as a bearer token. */
  token?: string | null;
  /** Extra request headers (the rights page's `x-privacy-token`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface ErrorBody {
  error: { code: string; message: string };
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** Parses a response body; `undefined` for an empty body, `invalid` for non-JSON text. */
function parseJson(text: string): { value: unknown } | 'invalid' {
  if (text === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return 'invalid';
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Calls the Shabaash API and returns the parsed JSON body.
 *
 * Throws `ApiError` for any non-2xx answer (carrying the server's code and message when it sent
 * the standard error shape) and for network failures (`network_error`). An aborted request
 * rethrows the `AbortError` untouched so TanStack Query can tell cancellation from failure.
 * The result is typed by the caller, not validated: validate with a core schema where it matters.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, token, signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // Only announce JSON when there is a body: Fastify rejects an empty body sent as JSON.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'network_error', GENERIC_ERROR_MESSAGE);
  }

  const parsed = parseJson(text);
  if (!response.ok) {
    if (parsed !== 'invalid' && isErrorBody(parsed.value)) {
      throw new ApiError(response.status, parsed.value.error.code, parsed.value.error.message);
    }
    throw new ApiError(response.status, 'http_error', GENERIC_ERROR_MESSAGE);
  }
  if (parsed === 'invalid') {
    throw new ApiError(response.status, 'invalid_response', GENERIC_ERROR_MESSAGE);
  }
  // The caller states the expected shape; see the doc comment.
  return parsed.value as T;
}
