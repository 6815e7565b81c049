/**
 * What the realtime benchmarks share: starting the target processes (the server under test and
 * the bare broadcaster), overlay client processes, and an open-loop step that posts at a fixed
 * rate and measures, per overlay and tip, the time from the post leaving to the alert reaching
 * the overlay's socket (one wall clock shared by every process on the machine).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import {
  HISTOGRAM_BUCKET_MS,
  sharedNow,
  type ClientRequest,
  type ClientResponse,
  type ClientStepResult,
  type ProcessMemory,
  type SignedWebhook,
  type TargetReady,
  type TargetRequest,
  type TargetResponse,
  tipName,
} from './alert-bench-protocol.ts';
import { processCpuMs } from './process-memory.ts';
import { summarize } from './stats.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A server-like child process: the application under test or the bare broadcaster. */
export type Target = Awaited<ReturnType<typeof startTarget>>;

export async function startTarget(
  script: 'alert-bench-server.ts' | 'bare-broadcaster.ts',
  options: { env?: Record<string, string>; execArgv?: string[] } = {},
) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, script), {
    execArgv: ['--import', 'tsx', '--expose-gc', ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (response: TargetResponse) => void>();
  let nextRequestId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${String(code)}`)));
    child.on('message', (message: TargetReady | TargetResponse) => {
      if ('type' in message) {
        resolve(message.url);
        return;
      }
      pending.get(message.requestId)?.(message);
      pending.delete(message.requestId);
    });
  });
  function request<T>(
    message: DistributiveOmit<Exclude<TargetRequest, { type: 'stop' }>, 'requestId'>,
    pick: (response: TargetResponse) => T | undefined,
  ): Promise<T> {
    const requestId = nextRequestId++;
    return new Promise((resolve, reject) => {
      pending.set(requestId, (response) => {
        const value = pick(response);
        if (value !== undefined) resolve(value);
        else reject(new Error('error' in response ? response.error : 'unexpected answer'));
      });
      child.send({ ...message, requestId });
    });
  }
  return {
    url,
    pid: child.pid ?? 0,
    prepare: (slug: string, names: string[]) =>
      request({ type: 'prepare', slug, names }, (response) =>
        'webhooks' in response ? response.webhooks : undefined,
      ),
    token: (slug: string) =>
      request({ type: 'token', slug }, (response) =>
        'token' in response ? response.token : undefined,
      ),
    memory: () =>
      request({ type: 'memory' }, (response) =>
        'memory' in response ? response.memory : undefined,
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'stop' } satisfies TargetRequest);
      }),
    kill: () => child.kill('SIGKILL'),
  };
}

export type ProcessMemoryReport = ProcessMemory;

/** One overlay client process (overlay-clients.ts). */
export type ClientProcess = Awaited<ReturnType<typeof startClientProcess>>;

export async function startClientProcess() {
  const child = fork(path.join(import.meta.dirname, 'overlay-clients.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let waiter: ((message: ClientResponse) => void) | null = null;
  child.on('message', (message: ClientResponse) => waiter?.(message));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** One request at a time per client process; resolves with its answer. */
  const ask = (message: ClientRequest) =>
    new Promise<ClientResponse>((resolve, reject) => {
      const onExit = () => reject(new Error('overlay client process exited'));
      void exited.then(onExit);
      waiter = (answer) => {
        waiter = null;
        resolve(answer);
      };
      child.send(message);
    });
  return {
    /** Opens `count` more overlays; returns how many opened and the first failure, if any. */
    connect: async (url: string, count: number) => {
      const answer = await ask({ type: 'connect', url, count });
      if (answer.type === 'connected') return { connected: answer.count, error: null };
      if (answer.type === 'connect_failed')
        return { connected: answer.connected, error: answer.error };
      throw new Error(`unexpected ${answer.type}`);
    },
    begin: async (step: number, tips: number) => {
      await ask({ type: 'begin', step, tips });
    },
    collect: async (sentAt: number[]) => {
      const answer = await ask({ type: 'collect', sentAt });
      if (answer.type !== 'collected') throw new Error(`unexpected ${answer.type}`);
      return answer.result;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      child.send({ type: 'close' } satisfies ClientRequest);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Spreads `total` overlays over the client processes; throws if any fails to connect. */
export async function connectOverlays(
  clients: ClientProcess[],
  url: string,
  total: number,
): Promise<number> {
  const started = performance.now();
  const results = await Promise.all(
    clients.map((client, index) => {
      const share = Math.floor(total / clients.length) + (index < total % clients.length ? 1 : 0);
      return client.connect(url, share);
    }),
  );
  const failure = results.find((result) => result.error !== null);
  if (failure) throw new Error(`overlays failed to connect: ${String(failure.error)}`);
  return (performance.now() - started) / 1000;
}

/** Posts one request; resolves with the milliseconds until its answer (rejects on non-2xx). */
export function post(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve(performance.now() - started);
        else reject(new Error(`POST ${url}: HTTP ${String(status)}`));
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The HTTP requests a step posts, one per tip: the server's webhooks or broadcaster calls. */
export type TipPoster = (tip: number) => Promise<number>;

/** Posts the signed webhooks to the server under test. */
export function webhookPoster(agent: http.Agent, url: string, webhooks: SignedWebhook[]) {
  return (tip: number) => {
    const webhook = webhooks[tip];
    if (!webhook) throw new Error(`no webhook for tip ${String(tip)}`);
    return post(agent, `${url}/api/payments/webhooks/sandbox`, webhook.headers, webhook.body);
  };
}

/** Asks the bare broadcaster to send the tip named `name(tip)`. */
export function broadcastPoster(agent: http.Agent, url: string, name: (tip: number) => string) {
  return (tip: number) =>
    post(
      agent,
      `${url}/broadcast`,
      { 'content-type': 'application/json' },
      JSON.stringify({ name: name(tip) }),
    );
}

export function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 64 });
}

export type StepResult = {
  overlays: number;
  rate_per_s: number;
  tips: number;
  /** Per overlay and tip: post sent → alert at the overlay's socket. */
  latency_ms: ReturnType<typeof summarize>;
  /** Per tip: until the last overlay had it. */
  last_overlay_ms: ReturnType<typeof summarize>;
  /** The post's own round trip. */
  response_ms: ReturnType<typeof summarize>;
  deliveries: number;
  lost: number;
  duplicates: number;
  failed_posts: number;
  /** Tips actually posted per second (the poster may lag its schedule on a busy machine). */
  achieved_rate_per_s: number;
  /** CPU time the target process used in the step, per tip (ms); null when not known. */
  target_cpu_ms_per_tip: number | null;
};

/**
 * Posts `tips` requests at `rate` a second on a fixed schedule (open loop: a slow answer never
 * delays the next post), waits `settleMs` after the last answer for late deliveries, and
 * gathers the clients' measurements.
 */
export async function runStep(input: {
  clients: ClientProcess[];
  overlays: number;
  step: number;
  tips: number;
  rate: number;
  post: TipPoster;
  settleMs?: number;
  /** The target's process id, to account its CPU time. */
  targetPid?: number;
}): Promise<StepResult> {
  await Promise.all(input.clients.map((client) => client.begin(input.step, input.tips)));
  const cpuBefore = input.targetPid ? processCpuMs(input.targetPid) : null;
  const sentAt: number[] = new Array<number>(input.tips).fill(Number.NaN);
  const responses: number[] = [];
  let failedPosts = 0;
  const inFlight: Array<Promise<void>> = [];
  const interval = 1000 / input.rate;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let next = 0;
    const fireDue = () => {
      const now = performance.now();
      while (next < input.tips && started + next * interval <= now) {
        const tip = next;
        next += 1;
        sentAt[tip] = sharedNow();
        inFlight.push(
          input.post(tip).then(
            (ms) => void responses.push(ms),
            () => void (failedPosts += 1),
          ),
        );
      }
      if (next >= input.tips) return resolve();
      setTimeout(fireDue, Math.max(0, started + next * interval - performance.now()));
    };
    fireDue();
  });
  const postingSeconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const cpuMs =
    input.targetPid && cpuBefore !== null ? processCpuMs(input.targetPid) - cpuBefore : null;
  await new Promise((resolve) => setTimeout(resolve, input.settleMs ?? 1500));

  const results = await Promise.all(input.clients.map((client) => client.collect(sentAt)));
  return {
    overlays: input.overlays,
    rate_per_s: input.rate,
    tips: input.tips,
    latency_ms: summarizeHistogram(results),
    last_overlay_ms: summarize(
      sentAt
        .map((sent, tip) => {
          const arrivals = results
            .map((result) => result.lastArrival[tip] ?? Number.NaN)
            .filter(Number.isFinite);
          return arrivals.length > 0 ? Math.max(...arrivals) - sent : Number.NaN;
        })
        .filter(Number.isFinite),
    ),
    response_ms: summarize(responses),
    deliveries: results.reduce((sum, result) => sum + result.deliveries, 0),
    lost: results.reduce((sum, result) => sum + result.lost, 0),
    duplicates: results.reduce((sum, result) => sum + result.duplicates, 0),
    failed_posts: failedPosts,
    achieved_rate_per_s:
      input.tips > 1
        ? Math.round(((input.tips - 1) / Math.max(postingSeconds, 1e-3)) * 10) / 10
        : input.rate,
    target_cpu_ms_per_tip: cpuMs === null ? null : round(cpuMs / input.tips),
  };
}

/** p50/p99/max/mean of the merged per-process histograms (percentiles to 0.1 ms). */
function summarizeHistogram(results: ClientStepResult[]) {
  const merged = new Map<number, number>();
  let count = 0;
  for (const result of results) {
    for (const [bucket, n] of result.histogram) {
      merged.set(bucket, (merged.get(bucket) ?? 0) + n);
      count += n;
    }
  }
  const buckets = [...merged].sort((a, b) => a[0] - b[0]);
  const at = (p: number) => {
    if (count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * count));
    let seen = 0;
    for (const [bucket, n] of buckets) {
      seen += n;
      if (seen >= rank) return round((bucket + 1) * HISTOGRAM_BUCKET_MS);
    }
    return Number.NaN;
  };
  const sum = buckets.reduce((total, [bucket, n]) => total + (bucket + 0.5) * n, 0);
  return {
    count,
    p50: at(50),
    p99: at(99),
    max: round(Math.max(0, ...results.map((result) => result.maxLatency))),
    mean: count > 0 ? round((sum * HISTOGRAM_BUCKET_MS) / count) : Number.NaN,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** One measured step against one target, as the realtime benchmarks report it. */
export type MeasuredRow = StepResult & { target: string; connect_seconds: number };

/** Step numbers are unique in a run, so a late alert from one step never counts in another. */
let nextStep = 1;

/** Makes the posts of one step, numbered `step`, of `tips` tips. */
export type StepPoster = (step: number, tips: number) => Promise<TipPoster>;

/**
 * Connects `overlays` overlays (over two client processes), runs an unrecorded warm-up, then
 * every rate in turn, and disconnects them again.
 */
export async function measureOverlays(input: {
  target: string;
  url: string;
  overlays: number;
  rates: ReadonlyArray<{ rate: number; tips: number }>;
  warmUp: { rate: number; tips: number };
  poster: StepPoster;
  clientProcesses?: number;
  /** The target's process id, to account its CPU time per tip. */
  targetPid?: number;
}): Promise<MeasuredRow[]> {
  const clients = await Promise.all(
    Array.from(
      { length: Math.min(input.clientProcesses ?? 2, input.overlays) },
      startClientProcess,
    ),
  );
  try {
    const connectSeconds = await connectOverlays(clients, input.url, input.overlays);
    const rows: MeasuredRow[] = [];
    for (const rate of [input.warmUp, ...input.rates]) {
      const step = nextStep++;
      const result = await runStep({
        clients,
        overlays: input.overlays,
        step,
        tips: rate.tips,
        rate: rate.rate,
        post: await input.poster(step, rate.tips),
        ...(input.targetPid ? { targetPid: input.targetPid } : {}),
      });
      if (rate === input.warmUp) continue;
      rows.push({
        target: input.target,
        connect_seconds: Math.round(connectSeconds * 100) / 100,
        ...result,
      });
      console.log(
        `  ${input.target}: ${String(input.overlays)} overlays, ${String(rate.rate)}/s: p50 ${String(result.latency_ms.p50)} ms, p99 ${String(result.latency_ms.p99)} ms, reply p50 ${String(result.response_ms.p50)} ms, lost ${String(result.lost)}, target CPU ${String(result.target_cpu_ms_per_tip)} ms/tip`,
      );
    }
    return rows;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    // Let the target see the disconnects before the next phase connects.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Paid orders for `slug`, made through `orders` (any instance), whose webhooks are posted to
 * `webhooks` (the instance under test).
 */
export function serverStepPoster(orders: Target, webhooks: Target, slug: string): StepPoster {
  const agent = keepAliveAgent();
  return async (step, tips) => {
    const names = Array.from({ length: tips }, (_, tip) => tipName(step, tip));
    return webhookPoster(agent, webhooks.url, await orders.prepare(slug, names));
  };
}

export function bareStepPoster(bare: Target): StepPoster {
  const agent = keepAliveAgent();
  return (step) => Promise.resolve(broadcastPoster(agent, bare.url, (tip) => tipName(step, tip)));
}
