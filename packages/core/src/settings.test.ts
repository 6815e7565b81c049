import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_HYPEREMOTE_TIERS,
  SETTINGS_MESSAGES,
  alertTemplateText,
  hyperemoteTierFor,
  isHttpsUrl,
  renderAlertTemplate,
  resolveAlertVariation,
} from './settings.ts';
import {
  alertSettingsSchema,
  alertTemplateSchema,
  moderationSettingsSchema,
  pageSettingsSchema,
  settingsUpdateSchema,
  validMoneySettingsSchema,
} from './settings.schema.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('alert templates', () => {
  it('accepts plain text with the two placeholders, and squeezes whitespace', () => {
    expect(alertTemplateSchema.parse('  {name}   tipped {amount} <3 ')).toBe(
      '{name} tipped {amount} <3',
    );
  });

  it.each([
    ['<b>{name}</b> tipped', SETTINGS_MESSAGES.templateHtml],
    ['{name} <img src=x onerror=alert(1)>', SETTINGS_MESSAGES.templateHtml],
    ['<!-- hi -->', SETTINGS_MESSAGES.templateHtml],
    ['{name} tipped {total}', SETTINGS_MESSAGES.templatePlaceholder('{total}')],
    ['   ', SETTINGS_MESSAGES.templateRequired],
    ['x'.repeat(201), SETTINGS_MESSAGES.templateTooLong],
  ])('refuses %j', (template, message) => {
    expect(firstMessage(alertTemplateSchema.safeParse(template))).toBe(message);
  });

  it('renders as text parts, so a donor name is never markup', () => {
    const parts = renderAlertTemplate('{name} tipped {amount}!', {
      name: '<script>x</script>',
      amount_paise: 10_100,
    });
    expect(parts).toEqual([
      { kind: 'name', text: '<script>x</script>' },
      { kind: 'text', text: ' tipped ' },
      { kind: 'amount', text: '₹101' },
      { kind: 'text', text: '!' },
    ]);
    expect(alertTemplateText('{amount} from {name}', { name: 'Asha', amount_paise: 5_150 })).toBe(
      '₹51.50 from Asha',
    );
  });
});

describe('alert variations', () => {
  const variation = (type: 'text' | 'voice' | 'hyperemote', min: number, id: string) => ({
    ...DEFAULT_ALERT_SETTINGS.variations[0]!,
    id,
    donation_type: type,
    min_amount_paise: min,
  });

  it('picks the highest tier at or below the amount, for the same type only', () => {
    const variations = [
      variation('text', 0, 'small'),
      variation('text', 50_000, 'big'),
      variation('voice', 0, 'voice'),
    ];
    expect(resolveAlertVariation(variations, { type: 'text', amount_paise: 49_999 })?.id).toBe(
      'small',
    );
    expect(resolveAlertVariation(variations, { type: 'text', amount_paise: 50_000 })?.id).toBe(
      'big',
    );
    expect(resolveAlertVariation(variations, { type: 'hyperemote', amount_paise: 100 })).toBeNull();
  });

  it('refuses two variations of one type starting at the same amount', () => {
    const result = alertSettingsSchema.safeParse({
      variations: [variation('text', 100, 'a'), variation('text', 100, 'b')],
    });
    expect(firstMessage(result)).toBe(SETTINGS_MESSAGES.variationDuplicate);
  });

  it('accepts the defaults', () => {
    expect(alertSettingsSchema.parse(DEFAULT_ALERT_SETTINGS)).toEqual(DEFAULT_ALERT_SETTINGS);
  });
});

describe('page settings', () => {
  it.each([
    [
      { brand_color: 'red; background:url(https://evil.example/x)' },
      'Brand colour must be a hex colour such as #2563eb.',
    ],
    [
      { social_links: [{ platform: 'youtube', url: 'http://youtube.com/@me' }] },
      SETTINGS_MESSAGES.linkNotHttps,
    ],
    [
      { social_links: [{ platform: 'youtube', url: 'javascript:alert(1)' }] },
      SETTINGS_MESSAGES.linkNotHttps,
    ],
    [{ name: '  ' }, SETTINGS_MESSAGES.nameRequired],
    [{ theme: 'neon' }, SETTINGS_MESSAGES.themeInvalid],
  ])('refuses %j', (page, message) => {
    expect(firstMessage(pageSettingsSchema.partial().safeParse(page))).toBe(message);
  });

  it('keeps https links and lower-cases the colour', () => {
    expect(
      pageSettingsSchema.partial().parse({
        brand_color: '#AABBCC',
        social_links: [{ platform: 'x', url: 'https://x.com/me' }],
      }),
    ).toEqual({
      brand_color: '#aabbcc',
      social_links: [{ platform: 'x', url: 'https://x.com/me' }],
    });
  });

  it('knows an https URL', () => {
    expect(isHttpsUrl('https://example.com/a')).toBe(true);
    expect(isHttpsUrl('https://user:pw@example.com')).toBe(false);
    expect(isHttpsUrl('https://localhost')).toBe(false);
  });
});

describe('money settings', () => {
  const money = {
    min_amount_paise: 100,
    hyperemote_price_paise: 5_000,
    hyperemote_tiers: DEFAULT_HYPEREMOTE_TIERS,
    preset_amounts_paise: [10_100, 5_100],
  };

  it('sorts presets', () => {
    expect(validMoneySettingsSchema.parse(money).preset_amounts_paise).toEqual([5_100, 10_100]);
  });

  it.each([
    [{ min_amount_paise: 0 }, SETTINGS_MESSAGES.minAmountTooLow],
    [{ min_amount_paise: 10_000_001 }, SETTINGS_MESSAGES.minAmountTooHigh],
    [{ min_amount_paise: 5_200 }, SETTINGS_MESSAGES.presetOutOfRange],
    [{ preset_amounts_paise: [5_100, 5_100] }, SETTINGS_MESSAGES.presetDuplicate],
    [{ preset_amounts_paise: [] }, SETTINGS_MESSAGES.presetsRequired],
    [
      { min_amount_paise: 5_100, preset_amounts_paise: [5_100] },
      SETTINGS_MESSAGES.hyperemoteBelowMinimum,
    ],
    [
      { hyperemote_tiers: { ...DEFAULT_HYPEREMOTE_TIERS, epic_from_paise: 60_000 } },
      SETTINGS_MESSAGES.tiersNotAscending,
    ],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(validMoneySettingsSchema.safeParse({ ...money, ...change }))).toBe(message);
  });

  it('tiers hyperemotes by the streamer’s thresholds', () => {
    expect(hyperemoteTierFor(DEFAULT_HYPEREMOTE_TIERS, 4_999)).toBeNull();
    expect(hyperemoteTierFor(DEFAULT_HYPEREMOTE_TIERS, 5_000)).toBe('basic');
    expect(hyperemoteTierFor(DEFAULT_HYPEREMOTE_TIERS, 10_000)).toBe('epic');
    expect(hyperemoteTierFor(DEFAULT_HYPEREMOTE_TIERS, 50_000)).toBe('legendary');
  });
});

describe('the update request', () => {
  it('refuses fields a member may not change, and empty updates', () => {
    expect(settingsUpdateSchema.safeParse({ page: { is_active: false } }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ is_active: false }).success).toBe(false);
    expect(firstMessage(settingsUpdateSchema.safeParse({}))).toBe(
      SETTINGS_MESSAGES.nothingToChange,
    );
  });

  it('cleans blocked words; null means the starter list', () => {
    expect(
      moderationSettingsSchema.partial().parse({ blocked_words: [' spam ', '', 'spam', 'scam'] }),
    ).toEqual({ blocked_words: ['spam', 'scam'] });
    expect(moderationSettingsSchema.partial().parse({ blocked_words: null })).toEqual({
      blocked_words: null,
    });
  });
});
