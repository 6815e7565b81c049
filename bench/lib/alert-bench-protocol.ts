/**
 * IPC messages between the realtime benchmarks (alert-latency, two-instances, overlay-memory)
 * and their child processes: the server under test (alert-bench-server.ts), the bare SSE
 * broadcaster (bare-broadcaster.ts) and the overlay client processes (overlay-clients.ts).
 */

/** The admin the server process seeds. */
export const BENCH_ADMIN = { email: 'admin@shabaash.local', password: 'bench-admin-password' };

export type SignedWebhook = { headers: Record<string, string>; body: string };

/** What a target process (server or bare broadcaster) reports about itself. */
export type ProcessMemory = {
  /** Resident set size after a full garbage collection, in bytes. */
  rss: number;
  heapUsed: number;
  /** Open file descriptors and the soft limit on them. */
  openFiles: number;
  openFilesLimit: number;
  /** Streams the process holds open right now. */
  streams: number;
};

export type TargetReady = { type: 'ready'; url: string };

export type TargetRequest =
  /** Server only: paid orders for a streamer, each with the signed webhook still to post. */
  | { type: 'prepare'; requestId: number; slug: string; names: string[] }
  /** Server only: a fresh OBS token for a streamer. */
  | { type: 'token'; requestId: number; slug: string }
  | { type: 'memory'; requestId: number }
  | { type: 'stop' };

export type TargetResponse =
  | { requestId: number; webhooks: SignedWebhook[] }
  | { requestId: number; token: string }
  | { requestId: number; memory: ProcessMemory }
  | { requestId: number; error: string };

/** Parent → overlay client process. */
export type ClientRequest =
  /** Open `count` overlay streams on `url`; answered once every one has had `ready`. */
  | { type: 'connect'; url: string; count: number }
  /** Start recording deliveries of tips named `tipName(step, 0..tips-1)`. */
  | { type: 'begin'; step: number; tips: number }
  /** Stop recording and summarise against the parent's send times (wall-clock ms). */
  | { type: 'collect'; sentAt: number[] }
  | { type: 'close' };

/** Overlay client process → parent. */
export type ClientResponse =
  | { type: 'connected'; count: number }
  | { type: 'connect_failed'; connected: number; error: string }
  | { type: 'begun' }
  | { type: 'collected'; result: ClientStepResult }
  | { type: 'closed' };

export type ClientStepResult = {
  /** Latency histogram: [bucket index, count] pairs, HISTOGRAM_BUCKET_MS wide. */
  histogram: Array<[number, number]>;
  deliveries: number;
  lost: number;
  duplicates: number;
  /** Per tip, the latest first arrival among this process's overlays (NaN if none). */
  lastArrival: number[];
  maxLatency: number;
};

export const HISTOGRAM_BUCKET_MS = 0.1;
export const HISTOGRAM_BUCKETS = 100_000;

/** The donor name that tells a client which step and tip an alert belongs to. */
export function tipName(step: number, tip: number): string {
  return `b${String(step)}x${String(tip)}`;
}

/** Wall-clock milliseconds on a clock every process on this machine shares. */
export function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}
