import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import {
  DONATION_TEXT,
  TEXT_TIP_HINTS,
  dialogTitleIn,
} from '../features/donation/donation.constants';
import { GOAL_TEXT } from '../features/goals/goals.constants';
import { LEADERBOARD_TEXT, PERIOD_TABS } from '../features/leaderboard/leaderboard.constants';
import { alertTemplateIn } from '../features/obs-overlay/overlay.constants';
import { PAYMENT_STATUS_TEXT } from '../features/payment-status/payment-status.constants';
// Every module that localizes a text set, so LOCALIZED_SOURCES holds them all.
import '../features/checkout/checkout.constants';
import { MEDIA_TIP_TEXT } from '../features/media-tip/media-tip.constants';
import '../features/privacy-notice/privacy-notice.constants';
import '../features/voice-recorder/voice-recorder.constants';
import '../features/widgets/widgets.constants';
import '../lib/api-error';
import { activateLanguage, addCatalogs, LOCALIZED_SOURCES, type CatalogArea } from './i18n';

/** Every catalog file, as written (src/i18n/catalogs/<area>/<language>.json). */
const FILES = import.meta.glob<Record<string, string>>('./catalogs/*/*.json', {
  eager: true,
  import: 'default',
});
const CATALOGS: Record<string, Partial<Record<string, Record<string, string>>>> = {};
for (const [file, messages] of Object.entries(FILES)) {
  const [, area = '', language = ''] = /\.\/catalogs\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  (CATALOGS[area] ??= {})[language] = messages;
}
const AREAS = Object.keys(CATALOGS) as CatalogArea[];
const catalog = (area: string, language: string) => CATALOGS[area]?.[language] ?? {};

/** The placeholder names of a message ({name}, {count, plural, …}), sorted. */
function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === 'object') {
        for (const [key, choice] of Object.entries(choices)) {
          if (key !== 'offset' && Array.isArray(choice)) walk(choice);
        }
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** The test's catalogs are the JSON as written: Lingui compiles them here (not in production). */
function speak(language: Language): void {
  addCatalogs(
    language,
    AREAS.map((area) => ({ area, messages: catalog(area, language) })),
  );
  activateLanguage(language);
}

/** Each string of a localized text set, by its message id. */
function flatten(prefix: string, value: unknown, into: Map<string, string>) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(`${prefix}.${key}`, child, into);
  }
  return into;
}

it('finds the catalogs of every area', () => {
  expect(AREAS.sort()).toEqual(['dashboard', 'donation', 'media', 'overlay', 'status', 'voice']);
});

describe.each(AREAS)('the %s catalogs', (area) => {
  const source = catalog(area, 'en-IN');

  it.each(LANGUAGES)('%s has every message of en-IN and no other', (language) => {
    expect(CATALOGS[area]?.[language], `${area}/${language}.json`).toBeDefined();
    expect(Object.keys(catalog(area, language)).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(LANGUAGES)('%s messages parse and use the placeholders en-IN uses', (language) => {
    for (const [id, message] of Object.entries(catalog(area, language))) {
      expect(placeholdersOf(message), id).toEqual(placeholdersOf(source[id] ?? ''));
    }
  });
});

describe('the en-IN catalogs are the English the pages had', () => {
  it('holds every localized text exactly as its English constant, and renders it so', () => {
    speak('en-IN');
    const english = new Map<string, string>();
    for (const { prefix, english: texts } of LOCALIZED_SOURCES) flatten(prefix, texts, english);
    const sources = Object.assign({}, ...AREAS.map((area) => catalog(area, 'en-IN'))) as Record<
      string,
      string
    >;
    for (const [id, text] of english) expect(sources[id], id).toBe(text);
    expect(DONATION_TEXT.nameLabel).toBe('Your Name');
    expect(DONATION_TEXT.anonymousHint).toBe(
      "Your name shows as 'Anonymous' on stream, on this page and on the leaderboards.",
    );
  });

  it('fills values in as the English functions did', () => {
    speak('en-IN');
    expect(DONATION_TEXT.amountHint(100)).toBe('From ₹1 to ₹1,00,000.');
    expect(DONATION_TEXT.charactersLeft(1)).toBe('1 character left');
    expect(DONATION_TEXT.charactersLeft(0)).toBe('0 characters left');
    expect(DONATION_TEXT.charactersLeft(499)).toBe('499 characters left');
    expect(TEXT_TIP_HINTS.readAloudFrom(5000)).toBe('Read aloud from ₹50');
    expect(LEADERBOARD_TEXT.tips(1)).toBe('1 tip');
    expect(LEADERBOARD_TEXT.tips(12)).toBe('12 tips');
    expect(GOAL_TEXT.raisedOf('₹10', '₹100')).toBe('₹10 of ₹100');
    expect(PAYMENT_STATUS_TEXT.thanksTo('Asha')).toBe('Thank you for supporting Asha!');
    expect(MEDIA_TIP_TEXT.hint(20, 15, true)).toBe(
      'GIF, WebP, MP4 or WEBM, up to 20 MB and 15 seconds. The streamer reviews it before it is shown.',
    );
    expect(MEDIA_TIP_TEXT.uploading(42)).toBe('Uploading… 42%');
    expect(alertTemplateIn('{name} tipped {amount}')).toBe('{name} tipped {amount}');
    expect(dialogTitleIn('Complete Your Donation')).toBe('Complete Your Donation');
  });
});

describe('the hi catalog', () => {
  it('speaks Hindi, with =0 where Hindi’s "one" would read wrong', () => {
    speak('hi');
    expect(DONATION_TEXT.nameLabel).toBe('आपका नाम');
    expect(DONATION_TEXT.charactersLeft(0)).toBe('और अक्षर नहीं लिख सकते');
    expect(DONATION_TEXT.charactersLeft(1)).toBe('1 अक्षर बाकी');
    expect(LEADERBOARD_TEXT.tips(0)).toBe('कोई टिप नहीं');
    expect(DONATION_TEXT.amountHint(100)).toBe('₹1 से ₹1,00,000 तक।');
    expect(PERIOD_TABS.map((tab) => tab.label)).toEqual(['आज', 'हफ़्ता', 'महीना', 'अब तक']);
    // A streamer's own template stays as written; the built-in one is translated.
    expect(alertTemplateIn('{name} tipped {amount}')).toBe('{name} ने {amount} की टिप दी');
    expect(alertTemplateIn('{name} sent {amount}!')).toBe('{name} sent {amount}!');
    expect(dialogTitleIn('Complete Your Donation')).toBe('अपनी टिप पूरी करें');
    expect(dialogTitleIn('Enter Mobile Number')).toBe('Enter Mobile Number');
    activateLanguage('en-IN');
  });
});
