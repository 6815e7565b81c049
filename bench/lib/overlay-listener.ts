import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Called for every alert a listener receives: whose tip it was and when it arrived. */
export type AlertSink = (listener: number, donorName: string, arrivedAt: number) => void;

export type OverlayListener = { close(): void };

/**
 * One overlay as far as the server can tell: a plain HTTP client on the overlay's SSE stream.
 * Resolves once the server has sent `ready` (replay done, live from here on). Arrival time is
 * taken when a chunk arrives, before it is parsed, so parsing does not count as latency.
 */
export function openOverlayListener(
  url: string,
  index: number,
  onAlert: AlertSink,
  timeoutMs = 30_000,
): Promise<OverlayListener> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`listener ${String(index)} got no ready event in ${String(timeoutMs)} ms`));
    }, timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        reject(new Error(`listener ${String(index)}: HTTP ${String(response.statusCode)}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const arrivedAt = performance.now();
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const frame = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          if (event === 'ready') {
            clearTimeout(timer);
            resolve({ close: () => request.destroy() });
          }
          if (event !== 'alert') continue;
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (!data) continue;
          // The server's OverlayAlert; only the donor name is read.
          const alert = JSON.parse(data) as { donation: { name: string } };
          onAlert(index, alert.donation.name, arrivedAt);
        }
      });
      response.on('error', () => {});
    });
  });
}

/** Opens `count` listeners, `concurrency` at a time, so the server is not flooded by connects. */
export async function openOverlayListeners(
  url: string,
  count: number,
  onAlert: AlertSink,
  concurrency = 50,
): Promise<OverlayListener[]> {
  const listeners: OverlayListener[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      listeners[index] = await openOverlayListener(url, index, onAlert);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return listeners;
}
