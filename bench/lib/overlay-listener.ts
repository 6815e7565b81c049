import net from 'node:net';

/**
 * Hears every complete run of SSE frames an overlay receives, with the time its chunk arrived
 * (performance.now(), taken before any parsing, so parsing never counts as latency).
 */
export type FramesSink = (listener: number, text: string, arrivedAt: number) => void;

export type OverlayListener = { close(): void };

/** One read buffer for every socket of the process: each read is handled before the next. */
const readBuffer = Buffer.alloc(256 * 1024);

/**
 * One overlay as far as the server can tell: an HTTP/1.1 client on the overlay's SSE stream,
 * with its own socket. Written on a bare TCP socket rather than `http.get` so that thousands of
 * them in one process stay cheap (no parser or stream per read) and do not skew the figures.
 * Resolves once the server has sent `ready` (replay done, live from here on). Frames split
 * across reads are held back until complete; chunked-encoding lines between whole frames are
 * harmless to the readers, which only look for markers inside frames.
 */
export function openOverlayListener(
  url: string,
  index: number,
  onFrames: FramesSink,
  timeoutMs = 30_000,
): Promise<OverlayListener> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let isReady = false;
    let headersDone = false;
    let tail = '';
    const fail = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (!isReady) reject(error);
    };
    const socket = net.connect({
      host: target.hostname,
      port: Number(target.port),
      onread: {
        buffer: readBuffer,
        callback: (bytes) => {
          const arrivedAt = performance.now();
          let text = tail + readBuffer.toString('latin1', 0, bytes);
          if (!headersDone) {
            const headerEnd = text.indexOf('\r\n\r\n');
            if (headerEnd === -1) {
              tail = text;
              return true;
            }
            if (!text.startsWith('HTTP/1.1 200')) {
              fail(new Error(`listener ${String(index)}: ${text.slice(0, text.indexOf('\r\n'))}`));
              return false;
            }
            headersDone = true;
            text = text.slice(headerEnd + 4);
          }
          const end = text.lastIndexOf('\n\n');
          if (end === -1) {
            tail = text;
            return true;
          }
          tail = text.slice(end + 2);
          const frames = text.slice(0, end + 2);
          if (!isReady && frames.includes('event: ready\n')) {
            isReady = true;
            clearTimeout(timer);
            resolve({ close: () => socket.destroy() });
          }
          onFrames(index, frames, arrivedAt);
          return true;
        },
      },
    });
    const timer = setTimeout(
      () =>
        fail(new Error(`listener ${String(index)} got no ready event in ${String(timeoutMs)} ms`)),
      timeoutMs,
    );
    socket.on('error', (error) => fail(error));
    socket.on('close', () => {
      if (!isReady) fail(new Error(`listener ${String(index)}: closed before ready`));
    });
    socket.write(
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n\r\n`,
    );
  });
}

/**
 * Opens `count` listeners numbered from `firstIndex`, `concurrency` at a time so the server is
 * not flooded by connects. Stops at the first failure and says why, keeping those it opened.
 */
export async function openOverlayListeners(
  url: string,
  count: number,
  firstIndex: number,
  onFrames: FramesSink,
  concurrency = 64,
): Promise<{ listeners: OverlayListener[]; error: string | null }> {
  const listeners: OverlayListener[] = [];
  let next = 0;
  let error: string | null = null;
  const worker = async () => {
    while (next < count && error === null) {
      const index = next;
      next += 1;
      try {
        listeners[index] = await openOverlayListener(url, firstIndex + index, onFrames);
      } catch (failure) {
        error ??= String(failure);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { listeners: listeners.filter(Boolean), error };
}
