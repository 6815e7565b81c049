/**
 * Stream controls across instances (issue 24): each control "reaches every connected overlay of
 * that streamer within a second, through the existing streams, across instances". Two real
 * server processes (lib/alert-bench-server.ts) on one throw-away database on the local
 * PostgreSQL; the seeded admin signs in on instance A and posts every control (pause, resume,
 * mute, unmute, skip, clear, and replay of a few tips paid first) to A on a fixed schedule, while
 * the overlays listen on instance B, so every control crosses instances through LISTEN/NOTIFY.
 * Latency runs from the post leaving to the matching `control` or `replay` event reaching each
 * overlay's socket (overlays and poster share this process, so one clock).
 *
 * Baseline, in the same run: the same controls with the overlays on instance A (the control
 * never leaves the instance). Writes results/stream-control.json. Run with
 * `npm run bench -- stream-control`.
 */
import type { ActivityFeed, StreamControlAction } from '@shabaash/core';
import { BENCH_ADMIN } from './lib/alert-bench-protocol.ts';
import { type BudgetCheck, writeReport } from './lib/budgets.ts';
import { keepAliveAgent, post, webhookPoster, type Target } from './lib/fanout-harness.ts';
import { openOverlayListeners, type OverlayListener } from './lib/overlay-listener.ts';
import { summarize } from './lib/stats.ts';
import { withTwoInstances } from './lib/two-instances.ts';

const OVERLAYS = 20;
/** Every control once per round; a round of seven posts takes 7 × PACE_MS. */
const ROUNDS = 8;
const PACE_MS = 200;
/** Tips paid before the run, replayed in turn (replay needs an alert that may play). */
const REPLAYED_TIPS = 3;
/** How long after the last answer a control may still arrive before it counts as lost. */
const SETTLE_MS = 2000;
const BUDGET_MS = 1000;
/**
 * About 40 s on a quiet machine; start-up alone (two processes, migrations) takes half a minute
 * when the shared cores are busy, so the hard limit leaves room for that.
 */
const RUN_LIMIT_MS = 90_000;
const LIVE_CONTROLS = ['pause', 'resume', 'mute', 'unmute', 'skip', 'clear'] as const;

/** One control to post; `key` is what the overlay's matching event says. */
type ControlPost = { action: StreamControlAction; alertId?: number; key: string };

type PhaseResult = {
  target: string;
  overlays: number;
  controls: number;
  /** Per overlay and control: post sent → event at the overlay's socket. */
  latency_ms: ReturnType<typeof summarize>;
  /** Per control: until the last overlay had it. */
  last_overlay_ms: ReturnType<typeof summarize>;
  /** The post's own round trip. */
  response_ms: ReturnType<typeof summarize>;
  /** p99 per action, to show none is slower than the rest. */
  p99_by_action_ms: Record<string, number>;
  deliveries: number;
  /** (control, overlay) pairs that never arrived, failed posts included. */
  lost: number;
  /** Control events no post accounts for. */
  unexpected: number;
  failed_posts: number;
};

/** The key of a `control` or `replay` event's data, as the overlay receives it. */
function eventKey(event: string, data: string): string | null {
  if (event === 'control') {
    const { action } = JSON.parse(data) as { action: string };
    // `state` is the first frame of every connection, not a control anyone posted.
    return action === 'state' ? null : action;
  }
  if (event === 'replay') {
    const { alert } = JSON.parse(data) as { alert: { alert_id: number } };
    return `replay:${String(alert.alert_id)}`;
  }
  return null;
}

/** Every control and replay event in a run of SSE frames, keyed as `ControlPost.key`. */
function controlKeys(frames: string): string[] {
  const keys: string[] = [];
  for (const match of frames.matchAll(/event: (control|replay)\ndata: (.*)\n/g)) {
    const key = eventKey(match[1] ?? '', match[2] ?? '');
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** The controls of `rounds` rounds: the six live ones, then a replay of one paid tip in turn. */
function controlSchedule(rounds: number, alertIds: number[]): ControlPost[] {
  return Array.from({ length: rounds }, (_, round) => {
    const alertId = alertIds[round % alertIds.length];
    if (alertId === undefined) throw new Error('no alert to replay');
    return [
      ...LIVE_CONTROLS.map((action) => ({ action, key: action })),
      { action: 'replay' as const, alertId, key: `replay:${String(alertId)}` },
    ];
  }).flat();
}

/** A setup request (sign-in, feed) whose JSON answer is needed; throws on a non-2xx. */
async function jsonRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${String(response.status)}`);
  return (await response.json()) as T;
}

/** Signs the seeded admin in through the ordinary route; returns the bearer header. */
async function adminAuthorization(target: Target): Promise<string> {
  const login = await jsonRequest<{ session: { access_token: string } }>(
    'POST',
    `${target.url}/api/auth/login`,
    {},
    BENCH_ADMIN,
  );
  return `Bearer ${login.session.access_token}`;
}

/** Pays `count` tips for `slug` on `target`; returns the ids of their alerts, from the feed. */
async function paidAlertIds(
  target: Target,
  authorization: string,
  slug: string,
  count: number,
): Promise<number[]> {
  const names = Array.from({ length: count }, (_, tip) => `replay${String(tip)}`);
  const postWebhook = webhookPoster(
    keepAliveAgent(),
    target.url,
    await target.prepare(slug, names),
  );
  for (let tip = 0; tip < count; tip += 1) await postWebhook(tip);
  const feed = await jsonRequest<ActivityFeed>(
    'GET',
    `${target.url}/api/streamers/${slug}/activity`,
    { authorization },
  );
  const alertIds = feed.items
    .filter((item) => names.includes(item.name) && item.is_replayable && item.alert_id !== null)
    .map((item) => item.alert_id ?? 0);
  if (alertIds.length !== count) {
    throw new Error(`${slug}: ${String(alertIds.length)} of ${String(count)} tips replayable`);
  }
  return alertIds;
}

/**
 * Overlays of one streamer and the controls they are waiting for. An event is matched to the
 * oldest post of the same key this overlay has not yet had (events of one stream arrive in
 * order), and only while a run is recording.
 */
function createControlRecorder(overlays: number) {
  let recording: {
    posts: ControlPost[];
    sentAt: number[];
    arrivals: Float64Array;
    unexpected: number;
  } | null = null;

  function onFrames(overlay: number, frames: string, arrivedAt: number): void {
    const run = recording;
    if (!run) return;
    for (const key of controlKeys(frames)) {
      const post = run.posts.findIndex(
        (candidate, index) =>
          candidate.key === key &&
          (run.sentAt[index] ?? Infinity) <= arrivedAt &&
          Number.isNaN(run.arrivals[index * overlays + overlay]),
      );
      if (post === -1) run.unexpected += 1;
      else run.arrivals[post * overlays + overlay] = arrivedAt;
    }
  }

  /**
   * Posts `posts` to `url` one every PACE_MS (open loop: a slow answer never delays the next
   * post), then waits until every overlay has every control or SETTLE_MS have passed.
   */
  async function run(url: string, authorization: string, posts: ControlPost[]) {
    const current = {
      posts,
      sentAt: new Array<number>(posts.length).fill(Number.NaN),
      arrivals: new Float64Array(posts.length * overlays).fill(Number.NaN),
      unexpected: 0,
    };
    recording = current;
    const agent = keepAliveAgent();
    const headers = { authorization, 'content-type': 'application/json' };
    const responses: number[] = [];
    const failed = new Set<number>();
    const inFlight: Array<Promise<void>> = [];
    const started = performance.now();
    for (const [index, control] of posts.entries()) {
      const due = started + index * PACE_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const body = JSON.stringify({
        action: control.action,
        ...(control.alertId === undefined ? {} : { alert_id: control.alertId }),
      });
      current.sentAt[index] = performance.now();
      inFlight.push(
        post(agent, url, headers, body).then(
          (ms) => void responses.push(ms),
          (error: unknown) => {
            failed.add(index);
            console.error(`  ${control.key}: ${String(error)}`);
          },
        ),
      );
    }
    await Promise.all(inFlight);
    const settleUntil = performance.now() + SETTLE_MS;
    while (current.arrivals.some(Number.isNaN) && performance.now() < settleUntil) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    recording = null;
    agent.destroy();
    return { ...current, responses, failedPosts: failed.size };
  }

  return { onFrames, run };
}

/** Latency per overlay and control, the last overlay per control, and what never arrived. */
function summarizeRun(
  target: string,
  overlays: number,
  result: Awaited<ReturnType<ReturnType<typeof createControlRecorder>['run']>>,
): PhaseResult {
  const latencies: number[] = [];
  const lastOverlay: number[] = [];
  const byAction = new Map<string, number[]>();
  let lost = 0;
  for (const [index, control] of result.posts.entries()) {
    const sent = result.sentAt[index] ?? Number.NaN;
    let last = Number.NaN;
    for (let overlay = 0; overlay < overlays; overlay += 1) {
      const arrived = result.arrivals[index * overlays + overlay] ?? Number.NaN;
      if (Number.isNaN(arrived)) {
        lost += 1;
        continue;
      }
      const latency = arrived - sent;
      latencies.push(latency);
      const ofAction = byAction.get(control.action) ?? [];
      ofAction.push(latency);
      byAction.set(control.action, ofAction);
      if (!(latency <= last)) last = latency;
    }
    if (Number.isFinite(last)) lastOverlay.push(last);
  }
  return {
    target,
    overlays,
    controls: result.posts.length,
    latency_ms: summarize(latencies),
    last_overlay_ms: summarize(lastOverlay),
    response_ms: summarize(result.responses),
    p99_by_action_ms: Object.fromEntries(
      [...byAction].map(([action, values]) => [action, summarize(values).p99]),
    ),
    deliveries: latencies.length,
    lost,
    unexpected: result.unexpected,
    failed_posts: result.failedPosts,
  };
}

/**
 * Connects OVERLAYS overlays of `slug` to `overlaysOn`, posts one unrecorded round to
 * `controlsTo` as a warm-up, then ROUNDS recorded rounds, replaying `alertIds` in turn.
 */
async function measure(
  label: string,
  controlsTo: Target,
  overlaysOn: Target,
  slug: string,
  authorization: string,
  alertIds: number[],
): Promise<PhaseResult> {
  const token = await overlaysOn.token(slug);
  const recorder = createControlRecorder(OVERLAYS);
  const opened = await openOverlayListeners(
    `${overlaysOn.url}/api/overlay/${slug}/events?token=${encodeURIComponent(token)}`,
    OVERLAYS,
    0,
    recorder.onFrames,
  );
  const listeners: OverlayListener[] = opened.listeners;
  try {
    if (opened.error) throw new Error(`overlays failed to connect: ${opened.error}`);
    const url = `${controlsTo.url}/api/streamers/${slug}/stream-control`;
    await recorder.run(url, authorization, controlSchedule(1, alertIds));
    const row = summarizeRun(
      label,
      OVERLAYS,
      await recorder.run(url, authorization, controlSchedule(ROUNDS, alertIds)),
    );
    console.log(
      `  ${label}: ${String(row.controls)} controls × ${String(OVERLAYS)} overlays: p50 ${String(row.latency_ms.p50)} ms, p99 ${String(row.latency_ms.p99)} ms, max ${String(row.latency_ms.max)} ms, lost ${String(row.lost)}`,
    );
    return row;
  } finally {
    for (const listener of listeners) listener.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  await withTwoInstances('stream-control', RUN_LIMIT_MS, async ({ a, b, isTimedOut }) => {
    const authorization = await adminAuthorization(a);

    // Each on its own streamer, so neither hears the other's controls.
    const [singleAlertIds, crossAlertIds] = await Promise.all(
      ['musicstream', 'techgamer'].map((slug) =>
        paidAlertIds(a, authorization, slug, REPLAYED_TIPS),
      ),
    );
    const single = await measure(
      'one instance (controls and overlays on A)',
      a,
      a,
      'musicstream',
      authorization,
      singleAlertIds ?? [],
    );
    const cross = await measure(
      'two instances (controls on A, overlays on B)',
      a,
      b,
      'techgamer',
      authorization,
      crossAlertIds ?? [],
    );
    const rows = [single, cross];
    console.table(
      rows.map((row) => ({
        target: row.target,
        'p50 ms': row.latency_ms.p50,
        'p99 ms': row.latency_ms.p99,
        'max ms': row.latency_ms.max,
        'post reply p50/p99 ms': `${String(row.response_ms.p50)} / ${String(row.response_ms.p99)}`,
        lost: row.lost,
        unexpected: row.unexpected,
      })),
    );
    const actions = `${[...LIVE_CONTROLS, 'replay'].join(', ')}`;
    const checks: BudgetCheck[] = [
      {
        what: `cross-instance control delivery p99, ${String(OVERLAYS)} overlays (${actions}; ${String(cross.controls)} posts)`,
        budget: `≤ ${String(BUDGET_MS)} ms`,
        value: cross.latency_ms.p99,
        unit: 'ms',
        met: cross.latency_ms.p99 <= BUDGET_MS,
        baseline: { what: 'one instance p99', value: single.latency_ms.p99 },
      },
      {
        what: 'cross-instance control delivery max',
        budget: `≤ ${String(BUDGET_MS)} ms`,
        value: cross.latency_ms.max,
        unit: 'ms',
        met: cross.latency_ms.max <= BUDGET_MS,
        baseline: { what: 'one instance max', value: single.latency_ms.max },
      },
      {
        what: 'controls lost across instances (an overlay that never got one)',
        budget: '= 0',
        value: cross.lost,
        unit: 'controls',
        met: cross.lost === 0,
        baseline: { what: 'one instance', value: single.lost },
      },
    ];
    if (isTimedOut()) return;
    writeReport({
      benchmark: 'stream-control',
      description:
        'Two server processes on one PostgreSQL database: every stream control (and replays of tips paid first) posted by the signed-in admin to A, overlays connected to B; post → control event at every overlay socket. Baseline: the same with overlays on A.',
      checks,
      details: {
        rows,
        rounds: ROUNDS,
        pace_ms: PACE_MS,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      },
    });
    const failed = rows.some((row) => row.lost > 0 || row.failed_posts > 0);
    if (failed) console.error('Some controls were lost or refused.');
    process.exitCode = failed ? 1 : 0;
  });
}

await main();
