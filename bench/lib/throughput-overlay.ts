import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Hears each alert the overlay receives: the donor's name and when its chunk arrived. */
export type AlertSink = (donorName: string, arrivedAt: number) => void;

/**
 * One overlay as the server sees it: a plain HTTP client on the overlay's SSE stream. Resolves
 * once the server has sent `ready` (replay done, live from here on). The arrival time is taken
 * when a chunk arrives, before parsing, so parsing never counts as latency.
 */
export function openThroughputOverlay(
  url: string,
  onAlert: AlertSink,
  timeoutMs = 30_000,
): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`the overlay got no ready event in ${String(timeoutMs)} ms`));
    }, timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        response.resume();
        reject(new Error(`overlay stream: HTTP ${String(response.statusCode)}`));
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
          const alert = JSON.parse(data) as { donation: { name: string } };
          onAlert(alert.donation.name, arrivedAt);
        }
      });
      response.on('error', () => {});
    });
  });
}
