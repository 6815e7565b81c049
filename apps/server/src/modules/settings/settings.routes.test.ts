import {
  DEFAULT_ALERT_DESIGN,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_HYPEREMOTE_TIERS,
  DEFAULT_MOBILE_DIALOG_TITLE,
  SETTINGS_MESSAGES,
  STARTER_BLOCKED_WORDS,
  obsTokenCreatedSchema,
  overlaySettingsSchema,
  streamerSettingsSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditOf, buildSettingsCast, patchSettings, type Headers } from './settings.test-helper.ts';

const SLUG = 'settings-star';
const OTHER = 'settings-other';

describe('settings API', () => {
  let testApp: TestApp;
  let ownerHeaders: Headers;
  let strangerHeaders: Headers;
  let adminHeaders: Headers;
  let ownerEmail: string;
  let adminEmail: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await buildSettingsCast(testApp, SLUG, OTHER);
    ({ ownerHeaders, strangerHeaders, adminHeaders } = cast);
    ownerEmail = cast.owner.email;
    adminEmail = cast.admin.email;
  });
  afterAll(() => testApp.close());

  const getSettings = (headers: Headers, slug = SLUG) =>
    testApp.app.inject({ method: 'GET', url: `/api/streamers/${slug}/settings`, headers });
  const patch = (payload: unknown, headers = ownerHeaders) =>
    patchSettings(testApp.app, SLUG, payload, headers);

  describe('authorisation', () => {
    it('lets the owner and a site admin read the settings, with defaults filled in', async () => {
      for (const headers of [ownerHeaders, adminHeaders]) {
        const response = await getSettings(headers);
        expect(response.statusCode).toBe(200);
        // The answer is exactly core's contract: strict, so nothing beyond it leaves.
        streamerSettingsSchema.parse(response.json());
        expect(response.json()).toMatchObject({
          slug: SLUG,
          is_active: true,
          page: { brand_color: '#2563eb', welcome_text: '', social_links: [], avatar_url: null },
          money: {
            min_amount_paise: 100,
            hyperemote_tiers: DEFAULT_HYPEREMOTE_TIERS,
            preset_amounts_paise: [5_100, 10_100, 25_100, 50_100],
          },
          alerts: DEFAULT_ALERT_SETTINGS,
          moderation: {
            moderation_mode: 'auto',
            blocked_words: STARTER_BLOCKED_WORDS,
            uses_starter_words: true,
            hide_amounts_from_moderators: false,
          },
          alert_media: [],
        });
      }
    });

    it('keeps another streamer’s owner out (403) and anonymous callers out (401)', async () => {
      expect((await getSettings(strangerHeaders)).statusCode).toBe(403);
      expect((await getSettings({})).statusCode).toBe(401);
      expect((await patch({ page: { welcome_text: 'hacked' } }, strangerHeaders)).statusCode).toBe(
        403,
      );
      expect((await patch({ page: { welcome_text: 'hacked' } }, {})).statusCode).toBe(401);
      expect((await getSettings(ownerHeaders, 'no-such-streamer')).statusCode).toBe(404);
      const settings = (await getSettings(ownerHeaders)).json();
      expect(settings.page.welcome_text).toBe('');
    });

    it('refuses fields a member may not set, such as is_active', async () => {
      const response = await patch({ page: { is_active: false } });
      expect(response.statusCode).toBe(400);
      expect((await patch({ is_active: false })).statusCode).toBe(400);
      expect((await getSettings(ownerHeaders)).json().is_active).toBe(true);
    });
  });

  describe('page', () => {
    it('saves a change, answers the new settings and records who changed what', async () => {
      const response = await patch({
        page: {
          brand_color: '#FF5500',
          welcome_text: 'Thanks for watching!',
          social_links: [{ platform: 'youtube', url: 'https://youtube.com/@star' }],
          theme: 'purple',
          form_variant: 'simple',
        },
      });
      expect(response.statusCode).toBe(200);
      streamerSettingsSchema.parse(response.json());
      expect(response.json().page).toMatchObject({
        brand_color: '#ff5500',
        welcome_text: 'Thanks for watching!',
        theme: 'purple',
        form_variant: 'simple',
      });

      const audit = await auditOf(testApp.app, SLUG, adminHeaders);
      const colour = audit.find((entry) => entry.field === 'brand_color');
      expect(colour).toMatchObject({
        section: 'page',
        actor_email: ownerEmail,
        old_value: '#2563eb',
        new_value: '#ff5500',
      });
      expect(audit.map((entry) => entry.field)).toEqual(
        expect.arrayContaining(['welcome_text', 'social_links', 'theme', 'form_variant']),
      );
      // Fields that did not change are not recorded.
      expect(audit.some((entry) => entry.field === 'name')).toBe(false);
    });

    it('records nothing when nothing changes', async () => {
      const before = (await auditOf(testApp.app, SLUG, adminHeaders)).length;
      expect((await patch({ page: { brand_color: '#ff5500' } })).statusCode).toBe(200);
      expect(await auditOf(testApp.app, SLUG, adminHeaders)).toHaveLength(before);
    });

    it('records an admin’s change under the admin’s e-mail', async () => {
      expect((await patch({ page: { name: 'Settings Star' } }, adminHeaders)).statusCode).toBe(200);
      const [latest] = await auditOf(testApp.app, SLUG, adminHeaders);
      expect(latest).toMatchObject({ field: 'name', actor_email: adminEmail });
    });

    it.each([
      [
        { brand_color: 'red; background:url(https://evil.example/x.png)' },
        'Brand colour must be a hex colour such as #2563eb.',
      ],
      [{ brand_color: '#12345' }, 'Brand colour must be a hex colour such as #2563eb.'],
      [
        { social_links: [{ platform: 'youtube', url: 'http://youtube.com/@star' }] },
        SETTINGS_MESSAGES.linkNotHttps,
      ],
      [
        { social_links: [{ platform: 'website', url: 'javascript:alert(1)' }] },
        SETTINGS_MESSAGES.linkNotHttps,
      ],
      [{ theme: 'neon' }, SETTINGS_MESSAGES.themeInvalid],
      [{ name: '' }, SETTINGS_MESSAGES.nameRequired],
      [{ welcome_text: 'x'.repeat(501) }, SETTINGS_MESSAGES.welcomeTooLong],
      [{ mobile_dialog_title: 'x'.repeat(61) }, SETTINGS_MESSAGES.mobileDialogTitleTooLong],
      [{ hyperemote_message: 'x'.repeat(201) }, SETTINGS_MESSAGES.hyperemoteMessageTooLong],
    ])('refuses %j with a clear message and changes nothing', async (page, message) => {
      const before = (await auditOf(testApp.app, SLUG, adminHeaders)).length;
      const response = await patch({ page });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'validation_error', message });
      expect(await auditOf(testApp.app, SLUG, adminHeaders)).toHaveLength(before);
    });

    it('sets the mobile-number dialog title and the hyperemote celebration text; blank restores the defaults', async () => {
      const profile = async () =>
        (await testApp.app.inject({ method: 'GET', url: `/api/streamers/${SLUG}` })).json();
      // Spec 02 §2 and §4: 'Complete Your Donation', and Hyperemotes clears the message.
      expect(await profile()).toMatchObject({
        mobile_dialog_title: DEFAULT_MOBILE_DIALOG_TITLE,
        hyperemote_message: null,
      });

      // Invisible and control characters go; the title is one line.
      const response = await patch({
        page: {
          mobile_dialog_title: '  Enter\tMobile\n \u202eNumber ',
          hyperemote_message: '🎉 Party\u0007 time!\u200b 🎉',
        },
      });
      expect(response.statusCode).toBe(200);
      streamerSettingsSchema.parse(response.json());
      const texts = {
        mobile_dialog_title: 'Enter Mobile Number',
        hyperemote_message: '🎉 Party time! 🎉',
      };
      expect(response.json().page).toMatchObject(texts);
      expect(await profile()).toMatchObject(texts);
      const [latest] = await auditOf(testApp.app, SLUG, adminHeaders);
      expect(latest).toMatchObject({ section: 'page', actor_email: ownerEmail });

      const cleared = await patch({ page: { mobile_dialog_title: ' ', hyperemote_message: null } });
      expect(cleared.json().page).toMatchObject({
        mobile_dialog_title: null,
        hyperemote_message: null,
      });
      expect(await profile()).toMatchObject({
        mobile_dialog_title: DEFAULT_MOBILE_DIALOG_TITLE,
        hyperemote_message: null,
      });
    });

    it('shows the public page settings on the donation page’s profile', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/streamers/${SLUG}` });
      expect(response.json()).toMatchObject({
        brand_color: '#ff5500',
        welcome_text: 'Thanks for watching!',
        social_links: [{ platform: 'youtube', url: 'https://youtube.com/@star' }],
        avatar_url: null,
        min_amount_paise: 100,
        preset_amounts_paise: [5_100, 10_100, 25_100, 50_100],
        hyperemote_tiers: DEFAULT_HYPEREMOTE_TIERS,
      });
      // Private settings stay private.
      expect(response.json()).not.toHaveProperty('hide_amounts_from_moderators');
      expect(response.json()).not.toHaveProperty('alerts');
    });
  });

  describe('money', () => {
    it.each([
      [{ min_amount_paise: 0 }, SETTINGS_MESSAGES.minAmountTooLow],
      [{ min_amount_paise: 10_000_001 }, SETTINGS_MESSAGES.minAmountTooHigh],
      [{ min_amount_paise: 150.5 }, SETTINGS_MESSAGES.amountInvalid],
      [{ min_amount_paise: '100' }, SETTINGS_MESSAGES.amountInvalid],
      [{ preset_amounts_paise: [50] }, SETTINGS_MESSAGES.presetOutOfRange],
      [{ preset_amounts_paise: [5_100, 5_100] }, SETTINGS_MESSAGES.presetDuplicate],
      [{ hyperemote_price_paise: 0 }, SETTINGS_MESSAGES.hyperemotePriceTooLow],
      [
        {
          hyperemote_tiers: {
            basic_from_paise: 5_000,
            epic_from_paise: 5_000,
            legendary_from_paise: 9_000,
          },
        },
        SETTINGS_MESSAGES.tiersNotAscending,
      ],
      // The minimum moves above the current presets (₹51 …): refused as a whole.
      [{ min_amount_paise: 6_000 }, SETTINGS_MESSAGES.presetOutOfRange],
    ])('refuses %j', async (money, message) => {
      const response = await patch({ money });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    });

    it('sets the minimum, presets and hyperemote price together; orders below it are refused', async () => {
      const response = await patch({
        money: {
          min_amount_paise: 2_000,
          preset_amounts_paise: [10_000, 2_000, 5_000],
          hyperemote_price_paise: 2_500,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().money).toMatchObject({
        min_amount_paise: 2_000,
        preset_amounts_paise: [2_000, 5_000, 10_000],
        hyperemote_price_paise: 2_500,
      });

      const tooSmall = await placeOrder(testApp.app, SLUG, { amount_paise: 1_999 });
      expect(tooSmall.statusCode).toBe(400);
      expect(tooSmall.json().error).toEqual({
        code: 'below_minimum',
        message: SETTINGS_MESSAGES.belowMinimum(2_000),
      });
      expect((await placeOrder(testApp.app, SLUG, { amount_paise: 2_000 })).statusCode).toBe(201);

      const audit = await auditOf(testApp.app, SLUG, adminHeaders);
      expect(audit.find((entry) => entry.field === 'min_amount_paise')).toMatchObject({
        section: 'money',
        old_value: 100,
        new_value: 2_000,
      });
    });
  });

  describe('alerts', () => {
    const variation = (overrides: Record<string, unknown> = {}) => ({
      id: 'big-tips',
      donation_type: 'text',
      min_amount_paise: 50_000,
      duration_ms: 12_000,
      sound: { kind: 'bundled', id: 'fanfare' },
      image_media_id: null,
      template: '{name} just dropped {amount}!',
      sound_min_amount_paise: 10_000,
      ...overrides,
    });

    it.each([
      [{ template: '<b>{name}</b> tipped {amount}' }, SETTINGS_MESSAGES.templateHtml],
      [{ template: '{name}<script>alert(1)</script>' }, SETTINGS_MESSAGES.templateHtml],
      [{ template: '{name} tipped {total}' }, SETTINGS_MESSAGES.templatePlaceholder('{total}')],
      [{ duration_ms: 500 }, SETTINGS_MESSAGES.durationOutOfRange],
      [{ sound: { kind: 'bundled', id: 'airhorn' } }, SETTINGS_MESSAGES.soundUnknown],
      [
        { sound: { kind: 'upload', media_id: '00000000-0000-4000-8000-000000000000' } },
        SETTINGS_MESSAGES.mediaUnknown,
      ],
      [{ image_media_id: '00000000-0000-4000-8000-000000000000' }, SETTINGS_MESSAGES.mediaUnknown],
    ])('refuses a variation with %j', async (overrides, message) => {
      const response = await patch({ alerts: { variations: [variation(overrides)] } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    });

    it('refuses two variations of one type from the same amount', async () => {
      const response = await patch({
        alerts: { variations: [variation(), variation({ id: 'again' })] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(SETTINGS_MESSAGES.variationDuplicate);
    });

    it.each([4_999, 60_001, 7_500.5, '15000'])(
      'refuses a text alert cap of %j (5 to 60 s)',
      async (cap) => {
        const { variations } = DEFAULT_ALERT_SETTINGS;
        const response = await patch({ alerts: { variations, text_alert_max_ms: cap } });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe(SETTINGS_MESSAGES.textAlertMaxOutOfRange);
      },
    );

    it('caps text alerts at 15 s until the streamer sets a cap, which the overlay gets', async () => {
      expect((await getSettings(ownerHeaders)).json().alerts.text_alert_max_ms).toBe(15_000);
      const { variations } = (await getSettings(ownerHeaders)).json().alerts;
      const response = await patch({ alerts: { variations, text_alert_max_ms: 8_000 } });
      expect(response.statusCode).toBe(200);
      expect(response.json().alerts.text_alert_max_ms).toBe(8_000);
      expect((await getSettings(ownerHeaders)).json().alerts.text_alert_max_ms).toBe(8_000);
      const [latest] = await auditOf(testApp.app, SLUG, adminHeaders);
      expect(latest).toMatchObject({
        section: 'alerts',
        field: 'text_alert_max_ms',
        old_value: 15_000,
        new_value: 8_000,
      });

      const { token } = obsTokenCreatedSchema.parse(
        (
          await testApp.app.inject({
            method: 'POST',
            url: `/api/streamers/${SLUG}/obs-tokens`,
            headers: ownerHeaders,
          })
        ).json(),
      );
      const overlay = await testApp.app.inject({
        method: 'GET',
        url: `/api/overlay/${SLUG}/settings?token=${token}`,
      });
      expect(overlaySettingsSchema.parse(overlay.json()).text_alert_max_ms).toBe(8_000);
      // Back to the default, so the other tests see it.
      await patch({ alerts: { variations } });
      expect((await getSettings(ownerHeaders)).json().alerts.text_alert_max_ms).toBe(15_000);
    });

    it('saves variations, records old and new, and gives the overlay URLs', async () => {
      const variations = [...DEFAULT_ALERT_SETTINGS.variations, variation()];
      const response = await patch({ alerts: { variations } });
      expect(response.statusCode).toBe(200);
      expect(response.json().alerts.variations).toHaveLength(variations.length);

      const [latest] = await auditOf(testApp.app, SLUG, adminHeaders);
      expect(latest).toMatchObject({
        section: 'alerts',
        field: 'variations',
        old_value: DEFAULT_ALERT_SETTINGS.variations,
      });
      expect(latest?.new_value).toHaveLength(variations.length);

      const { token } = obsTokenCreatedSchema.parse(
        (
          await testApp.app.inject({
            method: 'POST',
            url: `/api/streamers/${SLUG}/obs-tokens`,
            headers: ownerHeaders,
          })
        ).json(),
      );
      const overlay = await testApp.app.inject({
        method: 'GET',
        url: `/api/overlay/${SLUG}/settings?token=${token}`,
      });
      expect(overlay.statusCode).toBe(200);
      overlaySettingsSchema.parse(overlay.json());
      expect(overlay.json().alert_variations).toContainEqual({
        id: 'big-tips',
        donation_type: 'text',
        min_amount_paise: 50_000,
        duration_ms: 12_000,
        sound_url: '/media/sounds/fanfare.wav',
        image_url: null,
        template: '{name} just dropped {amount}!',
        sound_min_amount_paise: 10_000,
        // Saved without a design, it keeps the classic look (issue 33).
        design: DEFAULT_ALERT_DESIGN,
      });
      const refused = await testApp.app.inject({
        method: 'GET',
        url: `/api/overlay/${SLUG}/settings?token=obs_nottherealtoken000000`,
      });
      expect(refused.statusCode).toBe(401);
    });

    it('serves the bundled sounds as WAV', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/media/sounds/chime.wav' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      const unknown = await testApp.app.inject({ method: 'GET', url: '/media/sounds/x.wav' });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('moderation', () => {
    it('switches to review, edits blocked words and hides amounts; null restores the starter list', async () => {
      const response = await patch({
        moderation: {
          moderation_mode: 'review',
          blocked_words: ['spoiler', ' spoiler ', ''],
          hide_amounts_from_moderators: true,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().moderation).toEqual({
        moderation_mode: 'review',
        blocked_words: ['spoiler'],
        uses_starter_words: false,
        hide_amounts_from_moderators: true,
      });
      const reset = await patch({ moderation: { blocked_words: null } });
      expect(reset.json().moderation).toMatchObject({
        blocked_words: STARTER_BLOCKED_WORDS,
        uses_starter_words: true,
      });
      const audit = await auditOf(testApp.app, SLUG, adminHeaders);
      expect(audit.find((entry) => entry.field === 'blocked_words')).toMatchObject({
        old_value: ['spoiler'],
        new_value: null,
      });
    });

    it('refuses an overlong blocked word', async () => {
      const response = await patch({ moderation: { blocked_words: ['x'.repeat(51)] } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(SETTINGS_MESSAGES.blockedWordTooLong);
    });
  });

  it('shows the audit log to admins only', async () => {
    const forOwner = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/audit?streamer=${SLUG}`,
      headers: ownerHeaders,
    });
    expect(forOwner.statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(
      401,
    );
  });
});
