import { describe, expect, it } from 'vitest';

import { FALLBACK_BRAND_COLOR, brandColorOrFallback, readableTextOn } from './brand-color';

describe('brandColorOrFallback', () => {
  it('keeps plain hex colours, lower-cased', () => {
    expect(brandColorOrFallback('#2563EB')).toBe('#2563eb');
  });

  it.each([null, undefined, '', 'red', '#fff', 'url(x)', '#2563eb; color: red'])(
    'replaces %j with the fallback',
    (value) => {
      expect(brandColorOrFallback(value)).toBe(FALLBACK_BRAND_COLOR);
    },
  );
});

describe('readableTextOn', () => {
  it('puts white on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#c2410c')).toBe('#ffffff');
    expect(readableTextOn('#facc15')).toBe('#0f172a');
    expect(readableTextOn('#ffffff')).toBe('#0f172a');
  });
});
