import { describe, expect, it } from 'vitest';

import { languageOfPath, pathInLanguage, preferredLanguage } from './site.ts';

describe('Accept-Language', () => {
  it('picks the language the browser prefers, by q-value, then by order', () => {
    expect(preferredLanguage('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('hi');
    expect(preferredLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en-IN');
    expect(preferredLanguage('en;q=0.5, hi;q=0.8')).toBe('hi');
    expect(preferredLanguage('en-GB, hi')).toBe('en-IN');
    expect(preferredLanguage('HI')).toBe('hi');
  });

  it('skips what it does not speak, `*`, q=0 and broken q-values', () => {
    expect(preferredLanguage('fr-FR, hi;q=0.2')).toBe('hi');
    expect(preferredLanguage('*, hi;q=0.5')).toBe('hi');
    expect(preferredLanguage('hi;q=0, en;q=0.1')).toBe('en-IN');
    expect(preferredLanguage('hi;q=abc, en;q=0.3')).toBe('en-IN');
    expect(preferredLanguage('ta-IN, fr')).toBeNull();
    expect(preferredLanguage('')).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });
});

describe('public pages in each language', () => {
  it('keeps English at its URL and puts Hindi under /hi', () => {
    expect(pathInLanguage('/', 'hi')).toBe('/hi');
    expect(pathInLanguage('/contact', 'hi')).toBe('/hi/contact');
    expect(pathInLanguage('/contact', 'en-IN')).toBe('/contact');
    expect(languageOfPath('/hi')).toEqual({ language: 'hi', page: '/' });
    expect(languageOfPath('/hi/')).toEqual({ language: 'hi', page: '/' });
    expect(languageOfPath('/hi/feature-showcase')).toEqual({
      language: 'hi',
      page: '/feature-showcase',
    });
    expect(languageOfPath('/hindi-fan')).toEqual({ language: 'en-IN', page: '/hindi-fan' });
    expect(languageOfPath('/')).toEqual({ language: 'en-IN', page: '/' });
  });
});
