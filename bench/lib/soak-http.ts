/**
 * The soak's HTTP client: every answer it gets is counted by route and status, so "no 500s"
 * is a count over the whole run, not a sample.
 */

/** A request that never got an answer (connection refused or reset) is counted under this. */
export const NO_ANSWER = 'no answer';

export class StatusCounts {
  private readonly counts = new Map<string, Map<string, number>>();

  record(route: string, status: number | typeof NO_ANSWER): void {
    let byStatus = this.counts.get(route);
    if (!byStatus) {
      byStatus = new Map();
      this.counts.set(route, byStatus);
    }
    const key = String(status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }

  /** Every route with its statuses, e.g. `{ route, total, statuses: { "200": 10, "409": 2 } }`. */
  rows(): Array<{ route: string; total: number; statuses: Record<string, number> }> {
    return [...this.counts]
      .map(([route, byStatus]) => ({
        route,
        total: [...byStatus.values()].reduce((sum, count) => sum + count, 0),
        statuses: Object.fromEntries([...byStatus].sort(([a], [b]) => a.localeCompare(b))),
      }))
      .sort((a, b) => a.route.localeCompare(b.route));
  }

  total(): number {
    return this.rows().reduce((sum, row) => sum + row.total, 0);
  }

  /** Answers of 500 or more, and requests that got no answer at all. */
  serverFailures(): number {
    let failures = 0;
    for (const byStatus of this.counts.values())
      for (const [status, count] of byStatus)
        if (status === NO_ANSWER || Number(status) >= 500) failures += count;
    return failures;
  }
}

export type SoakResponseBody = { status: number; body: unknown; headers: Headers };

export type RequestOptions = {
  /** JSON body; sent with content-type application/json. */
  json?: unknown;
  /** A body sent byte for byte (signed webhooks), with the caller's headers. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Bearer token of a signed-in user. */
  token?: string;
};

/** One HTTP client bound to the server under test, counting into `counts` under `route`. */
export class SoakHttp {
  constructor(
    readonly baseUrl: string,
    readonly counts: StatusCounts,
  ) {}

  async request(
    route: string,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<SoakResponseBody> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.rawBody;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    } catch (error) {
      this.counts.record(route, NO_ANSWER);
      throw new Error(`${method} ${path}: no answer`, { cause: error });
    }
    this.counts.record(route, response.status);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON (an HTML page): kept as text.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** Like request, but an answer other than `expected` throws (with the body, for the log). */
  async expect<T>(
    expected: number,
    route: string,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<T> {
    const response = await this.request(route, method, path, options);
    if (response.status !== expected) {
      throw new Error(
        `${method} ${path}: expected ${String(expected)}, got ${String(response.status)} ${JSON.stringify(response.body)}`,
      );
    }
    // The server's answer for this route, in the shape the caller names.
    return response.body as T;
  }
}
