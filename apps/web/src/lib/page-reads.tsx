import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

import { ApiError } from './api';

/**
 * The public pages' reads (the donation page, its parts and the status page's profile): a small
 * cache of GETs shared by the components that show them, instead of TanStack Query, whose ~9 KB
 * gzip the donation page cannot afford within its 100 KB budget (issue 21). It does what those
 * pages used: one request per key however many components read it, a time a value stays fresh,
 * retries of transport and server failures, a value set from outside (the inlined profile, the
 * live stream) and reads made again on demand.
 */

/** A read as a component sees it (the same names as TanStack Query's, for the pages' code). */
export type PageRead<T> =
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: T | undefined; error: unknown };

export type PageReadResult<T> = (
  | (PageRead<T> & { status: 'pending'; isPending: true; isError: false })
  | (PageRead<T> & { status: 'success'; isPending: false; isError: false })
  | (PageRead<T> & { status: 'error'; isPending: false; isError: true })
) & {
  isFetching: boolean;
  /** Reads the value again now, fresh or not. */
  refetch: () => Promise<void>;
};

export type PageReadOptions = {
  /** How long a value is used without reading it again when a component mounts (ms). */
  staleTime?: number;
  /** Whether to retry after a failure, with `failureCount` failures before it (0 at first). */
  retry?: (failureCount: number, error: unknown) => boolean;
  enabled?: boolean;
};

type Entry = {
  read: PageRead<unknown>;
  isFetching: boolean;
  /** When the value was last read; 0 when it must be read again. */
  fetchedAt: number;
  /** The reader of the last component that asked, used when the key is read again. */
  fetcher?: () => Promise<unknown>;
  retry: NonNullable<PageReadOptions['retry']>;
  listeners: Set<() => void>;
  /** The state components see: replaced, never changed, on every change. */
  snapshot: { read: PageRead<unknown>; isFetching: boolean };
};

const DEFAULT_STALE_MS = 30_000;
const MAX_RETRIES = 2;
const PENDING: PageRead<never> = { status: 'pending', data: undefined, error: null };

/** Retrying a 4xx repeats the same refusal; only transport and server failures are worth it. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The delay before a retry (1, 2, 4 s … at most 30 s), as TanStack Query waited. */
const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

/** One page's cache of reads. The browser has one per page load; the server one per render. */
export class PageReads {
  private readonly entries = new Map<string, Entry>();

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        read: PENDING,
        isFetching: false,
        fetchedAt: 0,
        retry: retryUnlessRefused,
        listeners: new Set(),
        snapshot: { read: PENDING, isFetching: false },
      };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private update(entry: Entry, change: Partial<Pick<Entry, 'read' | 'isFetching'>>): void {
    Object.assign(entry, change);
    entry.snapshot = { read: entry.read, isFetching: entry.isFetching };
    for (const listener of entry.listeners) listener();
  }

  /** The current state of `key`, for useSyncExternalStore. */
  snapshot(key: string): Entry['snapshot'] {
    return this.entry(key).snapshot;
  }

  subscribe(key: string, listener: () => void): () => void {
    const { listeners } = this.entry(key);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** The value of `key`, if it has one. */
  get<T>(key: string): T | undefined {
    return this.entries.get(key)?.read.data as T | undefined;
  }

  /** Sets the value of `key` as if it had just been read (the inlined profile, a live update). */
  set(key: string, data: unknown): void {
    const entry = this.entry(key);
    entry.fetchedAt = Date.now();
    this.update(entry, { read: { status: 'success', data, error: null } });
  }

  /** Reads `key` unless it is being read already or is fresh for `staleTime`. */
  ensure(
    key: string,
    fetcher: () => Promise<unknown>,
    options: { staleTime: number; retry: Entry['retry'] },
  ): void {
    const entry = this.entry(key);
    entry.fetcher = fetcher;
    entry.retry = options.retry;
    const isFresh = entry.fetchedAt > 0 && Date.now() - entry.fetchedAt < options.staleTime;
    if (entry.isFetching || (entry.read.status === 'success' && isFresh)) return;
    void this.fetch(key);
  }

  /** Reads `key` now (unless a read is under way) and settles when it has. */
  async fetch(key: string): Promise<void> {
    const entry = this.entry(key);
    const { fetcher } = entry;
    if (!fetcher || entry.isFetching) return;
    this.update(entry, { isFetching: true });
    for (let failures = 0; ;) {
      try {
        const data = await fetcher();
        entry.fetchedAt = Date.now();
        this.update(entry, { read: { status: 'success', data, error: null }, isFetching: false });
        return;
      } catch (error) {
        if (!entry.retry(failures, error)) {
          const read: PageRead<unknown> = { status: 'error', data: entry.read.data, error };
          this.update(entry, { read, isFetching: false });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
        failures += 1;
      }
    }
  }

  /**
   * Marks every key starting with `prefix` as out of date; those on screen are read again now,
   * the others when a component next shows them.
   */
  invalidate(prefix: string): Promise<void> {
    const reads: Promise<void>[] = [];
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      entry.fetchedAt = 0;
      if (entry.listeners.size > 0) reads.push(this.fetch(key));
    }
    return Promise.all(reads).then(() => undefined);
  }

  /** Whether `key` is marked out of date (for tests). */
  isInvalidated(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.read.status === 'success' && entry.fetchedAt === 0;
  }
}

/** The browser's cache for pages rendered without a provider (the app's routes). */
const browserPageReads = new PageReads();
const PageReadsContext = createContext<PageReads>(browserPageReads);

/** Gives a tree its own cache: the server renders each request with a fresh one. */
export function PageReadsProvider({ reads, children }: { reads: PageReads; children: ReactNode }) {
  return <PageReadsContext.Provider value={reads}>{children}</PageReadsContext.Provider>;
}

/** The cache of the tree the component is in. */
export function usePageReads(): PageReads {
  return useContext(PageReadsContext);
}

/**
 * Reads `key` with `fetcher` and re-renders when its value changes. The value is read when the
 * component mounts unless fresh; never during a server render, so the server and the hydrating
 * browser agree on a pending read.
 */
export function usePageRead<T>(
  key: string,
  fetcher: () => Promise<T>,
  options: PageReadOptions = {},
): PageReadResult<T> {
  const reads = usePageReads();
  const { staleTime = DEFAULT_STALE_MS, retry = retryUnlessRefused, enabled = true } = options;
  const snapshot = useSyncExternalStore(
    useCallback((listener) => reads.subscribe(key, listener), [reads, key]),
    () => reads.snapshot(key),
    () => reads.snapshot(key),
  );
  useEffect(() => {
    if (enabled) reads.ensure(key, fetcher, { staleTime, retry });
    // The fetcher and retry rule belong to the key: a new closure with the same key is the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reads, key, enabled, staleTime]);
  const read = snapshot.read as PageRead<T>;
  // The flags follow from the status, so the result stays a union TypeScript can narrow.
  return {
    ...read,
    isPending: read.status === 'pending',
    isError: read.status === 'error',
    isFetching: snapshot.isFetching,
    refetch: () => reads.fetch(key),
  } as PageReadResult<T>;
}
