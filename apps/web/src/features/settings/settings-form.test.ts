import {
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_HYPEREMOTE_TIERS,
  SETTINGS_MESSAGES,
  STARTER_BLOCKED_WORDS,
  type StreamerSettings,
} from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { SETTINGS_TEXT } from './settings.constants';
import {
  applyOptimisticUpdate,
  blockedWordsFromText,
  moneyDraftFrom,
  moneyFromDraft,
  newVariationId,
  parseRupeeList,
  rupeesText,
} from './settings-form';

const settings: StreamerSettings = {
  slug: 'star',
  is_active: true,
  page: {
    name: 'Star',
    brand_color: '#2563eb',
    theme: 'blue',
    form_variant: 'full',
    language: 'en-IN',
    welcome_text: '',
    social_links: [],
    show_emote_picker: false,
    show_leaderboard: true,
    mobile_dialog_title: null,
    hyperemote_message: null,
    avatar_url: null,
    cover_image_url: null,
  },
  money: {
    min_amount_paise: 100,
    hyperemote_price_paise: 5_000,
    hyperemote_tiers: DEFAULT_HYPEREMOTE_TIERS,
    preset_amounts_paise: [5_100, 10_100],
  },
  alerts: DEFAULT_ALERT_SETTINGS,
  moderation: {
    moderation_mode: 'review',
    blocked_words: ['spam'],
    uses_starter_words: false,
    hide_amounts_from_moderators: false,
  },
  alert_media: [],
};

describe('rupee text', () => {
  it('round-trips paise', () => {
    expect(rupeesText(5_100)).toBe('51');
    expect(rupeesText(5_150)).toBe('51.50');
    expect(parseRupeeList('51, 101 251.5')).toEqual([5_100, 10_100, 25_150]);
    expect(parseRupeeList('51, abc')).toBeNull();
  });
});

describe('money draft', () => {
  it('builds the section from rupees, with the shared rules', () => {
    const draft = { ...moneyDraftFrom(settings.money), presets: '101, 51' };
    expect(moneyFromDraft(draft)).toEqual({
      money: { ...settings.money, preset_amounts_paise: [5_100, 10_100] },
    });
    expect(moneyFromDraft({ ...draft, minAmount: '0' })).toEqual({
      problem: SETTINGS_MESSAGES.minAmountTooLow,
    });
    expect(moneyFromDraft({ ...draft, minAmount: 'ten' })).toEqual({
      problem: SETTINGS_TEXT.rupeesInvalid,
    });
  });
});

describe('optimistic settings', () => {
  it('shows the sent values at once', () => {
    const next = applyOptimisticUpdate(settings, {
      page: { brand_color: '#ff5500' },
      moderation: { blocked_words: null },
    });
    expect(next.page.brand_color).toBe('#ff5500');
    expect(next.page.name).toBe('Star');
    expect(next.moderation).toMatchObject({
      blocked_words: STARTER_BLOCKED_WORDS,
      uses_starter_words: true,
      moderation_mode: 'review',
    });
  });
});

it('splits blocked words by line or comma and makes short variation ids', () => {
  expect(blockedWordsFromText('spam\n scam ,\n\nfake')).toEqual(['spam', 'scam', 'fake']);
  expect(newVariationId(() => 0.5)).toMatch(/^v-[a-z0-9]{8}$/);
});
