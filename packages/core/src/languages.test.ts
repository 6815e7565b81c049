import { describe, expect, it } from 'vitest';

import { MAIL_LOCALES } from './auth.ts';
import {
  LANGUAGES,
  languageFromCookieHeader,
  languageOfLocale,
  localeOfLanguage,
  pageLanguage,
} from './languages.ts';
import { settingsUpdateSchema } from './settings.schema.ts';

describe('page language', () => {
  it('reads the fan’s choice from a Cookie header, ignoring unknown values', () => {
    expect(languageFromCookieHeader('a=1; shabaash_lang=hi; b=2')).toBe('hi');
    expect(languageFromCookieHeader('shabaash_lang=en-IN')).toBe('en-IN');
    expect(languageFromCookieHeader('shabaash_lang=fr')).toBeNull();
    expect(languageFromCookieHeader('xshabaash_lang=hi')).toBeNull();
    expect(languageFromCookieHeader(undefined)).toBeNull();
  });

  it('puts the fan’s choice before the streamer’s default', () => {
    expect(pageLanguage('en-IN', 'hi')).toBe('en-IN');
    expect(pageLanguage(null, 'hi')).toBe('hi');
  });

  it('lets a streamer choose only a language the pages speak', () => {
    expect(settingsUpdateSchema.safeParse({ page: { language: 'hi' } }).success).toBe(true);
    const refused = settingsUpdateSchema.safeParse({ page: { language: 'fr' } });
    expect(refused.error?.issues[0]?.message).toBe('Choose English or Hindi.');
  });

  it('maps a user’s language (en, hi) to the pages’ tags and back', () => {
    expect(languageOfLocale('en')).toBe('en-IN');
    expect(languageOfLocale('hi')).toBe('hi');
    expect(MAIL_LOCALES.map((locale) => localeOfLanguage(languageOfLocale(locale)))).toEqual([
      ...MAIL_LOCALES,
    ]);
    expect(LANGUAGES.map((language) => languageOfLocale(localeOfLanguage(language)))).toEqual([
      ...LANGUAGES,
    ]);
  });
});
