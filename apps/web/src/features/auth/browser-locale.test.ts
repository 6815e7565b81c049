import { describe, expect, it } from 'vitest';

import { languageOfBrowser, mailLocaleOfBrowser } from './browser-locale';

describe('mailLocaleOfBrowser', () => {
  it('picks Hindi for a Hindi browser and English for any other', () => {
    expect(mailLocaleOfBrowser('hi')).toBe('hi');
    expect(mailLocaleOfBrowser('hi-IN')).toBe('hi');
    expect(mailLocaleOfBrowser('HI-in')).toBe('hi');
    expect(mailLocaleOfBrowser('en-IN')).toBe('en');
    expect(mailLocaleOfBrowser('ta-IN')).toBe('en');
    expect(mailLocaleOfBrowser('')).toBe('en');
    expect(mailLocaleOfBrowser(undefined)).toBe('en');
  });
});

describe('languageOfBrowser', () => {
  it('shows the auth pages in Hindi to a Hindi browser and in English to any other', () => {
    expect(languageOfBrowser('hi-IN')).toBe('hi');
    expect(languageOfBrowser('en-GB')).toBe('en-IN');
    expect(languageOfBrowser(undefined)).toBe('en-IN');
  });
});
