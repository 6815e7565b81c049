import type { MailLocale } from './auth.ts';

/**
 * The languages Shabaash's pages speak (issue 21). `en-IN` is the source: its texts are the
 * spec's. A new language is a tag here, a label, and a catalog per area in apps/web/src/i18n.
 */
export const LANGUAGES = ['en-IN', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a page speaks when neither the fan nor the streamer chose. */
export const DEFAULT_LANGUAGE: Language = 'en-IN';

/** Each language's name in its own script: the switch reads it to those who read that script. */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  'en-IN': 'English',
  hi: 'हिन्दी',
};

/**
 * The cookie holding a fan's choice on the donation page, so the server renders the page in it
 * (apps/server/src/web/web.routes.ts) and the next visit keeps it. A year, site-wide.
 */
export const LANGUAGE_COOKIE = 'shabaash_lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `shabaash_lang` value in a Cookie header, when it names a language we have. */
export function languageFromCookieHeader(header: string | undefined): Language | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** A page's language: the fan's own choice first, then the streamer's default for the page. */
export function pageLanguage(fanChoice: Language | null, streamerDefault: Language): Language {
  return fanChoice ?? streamerDefault;
}

/**
 * The language tag of a user's own language (`users.locale`, 'en' | 'hi': their e-mails, and
 * the dashboard they see), and back: the one place the two spellings meet.
 */
const LANGUAGE_OF_LOCALE: Readonly<Record<MailLocale, Language>> = { en: 'en-IN', hi: 'hi' };

export function languageOfLocale(locale: MailLocale): Language {
  return LANGUAGE_OF_LOCALE[locale];
}

export function localeOfLanguage(language: Language): MailLocale {
  return language === 'hi' ? 'hi' : 'en';
}
