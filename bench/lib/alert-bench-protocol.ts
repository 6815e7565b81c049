/** Messages between alert-latency.bench.ts and its server process (alert-bench-server.ts). */

/** The admin the server process seeds; the benchmark logs in with it to make OBS tokens. */
export const BENCH_ADMIN = { email: 'admin@shabaash.local', password: 'bench-admin-password' };

export type BenchServerReady = { type: 'ready'; url: string };

export type BenchRequest =
  { type: 'settle'; requestId: number; orderId: string } | { type: 'stop' };

export type SignedWebhook = { headers: Record<string, string>; body: string };

export type BenchResponse =
  { requestId: number; webhook: SignedWebhook } | { requestId: number; error: string };
