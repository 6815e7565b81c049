import { describe, expect, it } from 'vitest';
import { sanitizeText } from './sanitize-text.ts';

describe('sanitizeText', () => {
  it('strips bidi overrides, zero-width spaces and control characters', () => {
    expect(sanitizeText('\u202eevil\u202c name\u200b\u0007')).toBe('evil name');
  });

  it('keeps the joiners that emoji and Indic spellings need', () => {
    expect(sanitizeText('👩‍💻 coder')).toBe('👩‍💻 coder');
    expect(sanitizeText('क्‍ष')).toBe('क्‍ष');
  });
});
