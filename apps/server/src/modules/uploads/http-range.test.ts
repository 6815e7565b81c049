import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.ts';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'partial', range: { start: 100, end: 999 } }],
    ['bytes=900-5000', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-200', { kind: 'partial', range: { start: 800, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'full' }],
    ['bytes=0-1,5-9', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('%s of a 1000-byte file → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
