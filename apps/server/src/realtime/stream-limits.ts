import fs from 'node:fs';
import net from 'node:net';
import { AppError } from '../errors.ts';

/**
 * How many live streams this instance holds at once. Each stream keeps a socket (one open file)
 * for as long as the page stays open, so without caps one client could open streams until the
 * process runs out of files and stops answering anything, health checks included.
 */
export type StreamCaps = {
  /** Every stream of this instance; well below the open-files limit (streamCapFor). */
  total: number;
  /** Streams from one client address (an IPv6 client counts by its /64 network). */
  perAddress: number;
  /** Overlay and widget streams opened with one OBS token. */
  perToken: number;
  /** Dashboard streams of one login session (its tabs). */
  perSession: number;
};

/**
 * A client's network may hold many pages (a family, an office, a mobile carrier's shared
 * address); a streamer's OBS may hold an overlay and widgets in many scenes; a session, a few
 * dashboard tabs.
 */
export const DEFAULT_STREAM_CAPS = { perAddress: 100, perToken: 50, perSession: 10 } as const;

/** When the open-files limit cannot be read, the usual soft limit of Linux and macOS shells. */
export const FALLBACK_OPEN_FILES = 1024;

/** A refused stream may try again after this many seconds (sent as Retry-After). */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/**
 * The overall cap for an open-files limit: half of it, so the other half stays for what every
 * request needs (the database pool, ordinary requests and uploads, files, the listening socket).
 */
export function streamCapFor(openFiles: number): number {
  return Math.max(1, Math.floor(openFiles / 2));
}

/**
 * The process's soft open-files limit, from /proc/self/limits (Linux; Node raises the soft
 * limit to the hard one at start-up, and this reads what it ended at). Null where it cannot be
 * read or says `unlimited`.
 */
export function readOpenFilesLimit(
  read: () => string = () => fs.readFileSync('/proc/self/limits', 'utf8'),
): number | null {
  let text: string;
  try {
    text = read();
  } catch {
    return null;
  }
  const line = text.split('\n').find((candidate) => candidate.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  const value = Number(soft);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The key a client address counts under: an IPv4 address itself (also when IPv4-mapped), an
 * IPv6 address by its /64 network, which one subscriber usually holds whole.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Who a stream belongs to, for the caps. */
export type StreamKeys = { address: string; obsTokenId?: string; sessionId?: string };

const MESSAGES = {
  total: 'The server has too many live connections right now. Please try again in a minute.',
  perAddress:
    'Too many live connections from your network. Close some pages or overlays, then try again.',
  perToken:
    'Too many overlays and widgets are open with this OBS token. Close some, then try again.',
  perSession: 'Too many live dashboards are open in this session. Close a tab, then try again.',
} as const;

/**
 * Counts the open streams of this instance, overall and per address, OBS token and session,
 * and refuses one more past a cap. The one place stream accounting lives: SseRegistry asks it
 * for every stream it opens and releases the place when the stream closes.
 */
export class StreamLimits {
  private open = 0;
  private readonly counts = new Map<string, number>();

  constructor(readonly caps: StreamCaps) {}

  /** Takes a place for a new stream, or throws a 429 naming the cap; returns its release. */
  acquire(keys: StreamKeys): () => void {
    const counted: Array<[key: string, cap: keyof typeof MESSAGES]> = [
      [`address:${addressKey(keys.address)}`, 'perAddress'],
    ];
    if (keys.obsTokenId) counted.push([`token:${keys.obsTokenId}`, 'perToken']);
    if (keys.sessionId) counted.push([`session:${keys.sessionId}`, 'perSession']);

    if (this.open >= this.caps.total) throw tooManyStreams('total');
    for (const [key, cap] of counted) {
      if ((this.counts.get(key) ?? 0) >= this.caps[cap]) throw tooManyStreams(cap);
    }

    this.open += 1;
    for (const [key] of counted) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.open -= 1;
      for (const [key] of counted) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key); // an idle client leaves nothing behind
      }
    };
  }

  /** Streams open now. */
  get size(): number {
    return this.open;
  }
}

function tooManyStreams(cap: keyof typeof MESSAGES): AppError {
  return new AppError(429, 'too_many_streams', MESSAGES[cap]);
}

/**
 * The caps this instance runs with: MAX_STREAMS, or half the open-files limit read now (at
 * start-up); MAX_STREAMS_PER_ADDRESS or the default; the rest fixed.
 */
export function configuredStreamCaps(
  config: { MAX_STREAMS?: number | undefined; MAX_STREAMS_PER_ADDRESS?: number | undefined },
  openFiles: number | null = readOpenFilesLimit(),
): StreamCaps {
  return {
    ...DEFAULT_STREAM_CAPS,
    total: config.MAX_STREAMS ?? streamCapFor(openFiles ?? FALLBACK_OPEN_FILES),
    perAddress: config.MAX_STREAMS_PER_ADDRESS ?? DEFAULT_STREAM_CAPS.perAddress,
  };
}
