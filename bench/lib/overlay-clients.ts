/**
 * A process full of overlays, as far as the server can tell: plain HTTP clients on the overlay
 * SSE stream (overlay-listener.ts), thousands per process, kept cheap so they do not skew what
 * they measure. While a step is recorded, each alert's arrival is noted per overlay with the
 * time its bytes reached this process; at the end the parent sends its send times and gets a
 * latency histogram, lost and duplicate counts back. Forked by lib/fanout-harness.ts; talks
 * over IPC (alert-bench-protocol.ts).
 */
import {
  HISTOGRAM_BUCKET_MS,
  HISTOGRAM_BUCKETS,
  type ClientRequest,
  type ClientResponse,
  type ClientStepResult,
} from './alert-bench-protocol.ts';
import { openOverlayListeners, type OverlayListener } from './overlay-listener.ts';

const listeners: OverlayListener[] = [];
/** The step being recorded: its id, tips, and per (tip, overlay) first arrival and count. */
let recording: {
  step: number;
  tips: number;
  marker: string;
  arrivals: Float64Array;
  counts: Uint8Array;
} | null = null;

function send(message: ClientResponse): void {
  process.send?.(message);
}

/** Called with each complete run of frames an overlay received, and when it arrived. */
function onFrames(listener: number, text: string, arrivedAt: number): void {
  const step = recording;
  if (!step) return;
  let at = text.indexOf(step.marker);
  while (at !== -1) {
    const start: number = at + step.marker.length;
    const end = text.indexOf('"', start);
    const tip: number = Number(text.slice(start, end));
    if (Number.isInteger(tip) && tip >= 0 && tip < step.tips) {
      const slot = tip * listeners.length + listener;
      if (step.counts[slot] === 0) step.arrivals[slot] = arrivedAt;
      if ((step.counts[slot] ?? 0) < 255) step.counts[slot] = (step.counts[slot] ?? 0) + 1;
    }
    at = text.indexOf(step.marker, end);
  }
}

function collect(sentAt: number[]): ClientStepResult {
  const step = recording;
  recording = null;
  if (!step) throw new Error('collect without begin');
  const buckets = new Uint32Array(HISTOGRAM_BUCKETS);
  const lastArrival: number[] = [];
  let deliveries = 0;
  let lost = 0;
  let duplicates = 0;
  let maxLatency = 0;
  const origin = performance.timeOrigin;
  for (let tip = 0; tip < step.tips; tip += 1) {
    const sent = sentAt[tip] ?? Number.NaN;
    let last = Number.NaN;
    for (let listener = 0; listener < listeners.length; listener += 1) {
      const slot = tip * listeners.length + listener;
      const count = step.counts[slot] ?? 0;
      if (count === 0) {
        lost += 1;
        continue;
      }
      duplicates += count - 1;
      deliveries += 1;
      const arrived = origin + (step.arrivals[slot] ?? 0);
      const latency = Math.max(0, arrived - sent);
      maxLatency = Math.max(maxLatency, latency);
      const bucket = Math.min(HISTOGRAM_BUCKETS - 1, Math.floor(latency / HISTOGRAM_BUCKET_MS));
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
      if (!(arrived <= last)) last = arrived;
    }
    lastArrival.push(last);
  }
  const histogram: Array<[number, number]> = [];
  buckets.forEach((count, bucket) => {
    if (count > 0) histogram.push([bucket, count]);
  });
  return { histogram, deliveries, lost, duplicates, lastArrival, maxLatency };
}

process.on('message', (message: ClientRequest) => {
  switch (message.type) {
    case 'connect':
      openOverlayListeners(message.url, message.count, listeners.length, onFrames).then(
        (opened) => {
          listeners.push(...opened.listeners);
          if (opened.error) {
            send({
              type: 'connect_failed',
              connected: opened.listeners.length,
              error: opened.error,
            });
          } else send({ type: 'connected', count: opened.listeners.length });
        },
        (error: unknown) => send({ type: 'connect_failed', connected: 0, error: String(error) }),
      );
      return;
    case 'begin':
      recording = {
        step: message.step,
        tips: message.tips,
        marker: `"name":"b${String(message.step)}x`,
        arrivals: new Float64Array(message.tips * listeners.length),
        counts: new Uint8Array(message.tips * listeners.length),
      };
      send({ type: 'begun' });
      return;
    case 'collect':
      send({ type: 'collected', result: collect(message.sentAt) });
      return;
    case 'close':
      for (const listener of listeners) listener.close();
      listeners.length = 0;
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 100);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
