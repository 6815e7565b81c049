import type { ByteRange } from '../../storage/file-storage.ts';

export type RangeRequest =
  /** No usable Range header (absent, not bytes, several ranges): send the whole file. */
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  /** A syntactically valid range that starts past the end: 416. */
  | { kind: 'unsatisfiable' };

/**
 * Reads a single `bytes=` range (RFC 9110 §14.1.2): `a-b`, `a-` and the suffix form `-n`.
 * Several ranges in one header are answered with the whole file, which the RFC allows and
 * every audio element accepts.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'full' }; // invalid range: ignore the header
  return { kind: 'partial', range: { start, end } };
}

/** If-None-Match: a list of entity tags, or '*'. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
