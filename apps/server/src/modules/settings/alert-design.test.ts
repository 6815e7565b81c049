import {
  ALERT_DESIGN_MESSAGES,
  ALERT_THEMES,
  DEFAULT_ALERT_DESIGN,
  DEFAULT_ALERT_SETTINGS,
  obsTokenCreatedSchema,
  overlaySettingsSchema,
  streamerSettingsSchema,
} from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { updateStreamerColumns } from '../streamers/streamers.repository.ts';
import { buildSettingsCast, patchSettings, type Headers } from './settings.test-helper.ts';

const SLUG = 'designer-star';
const OTHER = 'designer-other';

/** The alert designer (issue 33): what a design may hold, and what the overlay is told. */
describe('alert designs', () => {
  let testApp: TestApp;
  let ownerHeaders: Headers;
  let streamerId: string;
  let overlayToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await buildSettingsCast(testApp, SLUG, OTHER);
    ownerHeaders = cast.ownerHeaders;
    streamerId = cast.streamer.id;
    const created = await testApp.app.inject({
      method: 'POST',
      url: `/api/streamers/${SLUG}/obs-tokens`,
      headers: ownerHeaders,
    });
    overlayToken = obsTokenCreatedSchema.parse(created.json()).token;
  });
  afterAll(() => testApp.close());

  const patch = (payload: unknown) => patchSettings(testApp.app, SLUG, payload, ownerHeaders);
  const [textVariation] = DEFAULT_ALERT_SETTINGS.variations;
  const withDesign = (design: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    alerts: { variations: [{ ...textVariation, ...extra, design }] },
  });
  const overlaySettings = async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/overlay/${SLUG}/settings?token=${overlayToken}`,
    });
    expect(response.statusCode).toBe(200);
    return overlaySettingsSchema.parse(response.json());
  };

  it('saves a theme, adjusted, and gives the overlay its design, image and sound', async () => {
    const diwali = ALERT_THEMES.find((theme) => theme.id === 'diwali-lights')!;
    const design = {
      ...diwali.design,
      position: 'bottom-left',
      offset_x: 40,
      offset_y: -24,
      font: 'kalam',
      name_color: '#FF0066',
    };
    const response = await patch(
      withDesign(design, { sound: { kind: 'bundled', id: diwali.sound } }),
    );
    expect(response.statusCode).toBe(200);
    const saved = streamerSettingsSchema.parse(response.json()).alerts.variations[0];
    // Colours are kept in one spelling: lower-case #rrggbb.
    expect(saved?.design).toEqual({ ...design, name_color: '#ff0066' });

    const [played] = (await overlaySettings()).alert_variations;
    expect(played).toMatchObject({
      design: { position: 'bottom-left', font: 'kalam', name_color: '#ff0066' },
      image_url: '/alert-themes/diwali-lights.svg',
      sound_url: '/media/sounds/diwali-lights.wav',
    });
  });

  it.each([
    ['an unknown font', { font: 'Comic Sans' }, ALERT_DESIGN_MESSAGES.fontInvalid],
    ['a CSS font list', { font: "x'; background:url(//evil)" }, ALERT_DESIGN_MESSAGES.fontInvalid],
    ['an unknown animation', { animation_in: 'spin' }, ALERT_DESIGN_MESSAGES.animationInvalid],
    ['a colour name', { name_color: 'red' }, ALERT_DESIGN_MESSAGES.colourInvalid],
    ['a short hex colour', { amount_color: '#fff' }, ALERT_DESIGN_MESSAGES.colourInvalid],
    [
      'CSS in a colour',
      { message_color: '#ffffff; background:url(https://evil.example/x.png)' },
      ALERT_DESIGN_MESSAGES.colourInvalid,
    ],
    [
      'an rgba() background',
      { background_color: 'rgba(0,0,0,0.5)' },
      ALERT_DESIGN_MESSAGES.colourInvalid,
    ],
    ['an opacity past 100', { background_opacity: 140 }, ALERT_DESIGN_MESSAGES.opacityInvalid],
    ['an unknown position', { position: 'center' }, ALERT_DESIGN_MESSAGES.positionInvalid],
    ['an offset outside the frame', { offset_x: 5000 }, ALERT_DESIGN_MESSAGES.offsetInvalid],
    ['a fractional offset', { offset_y: 1.5 }, ALERT_DESIGN_MESSAGES.offsetInvalid],
    ['a size past 200%', { scale_percent: 300 }, ALERT_DESIGN_MESSAGES.scaleInvalid],
    ['an unknown layout', { layout: 'sideways' }, ALERT_DESIGN_MESSAGES.layoutInvalid],
    ['an unknown theme image', { bundled_image: '../secret' }, ALERT_DESIGN_MESSAGES.imageUnknown],
    ['an unknown theme', { theme: 'halloween' }, ALERT_DESIGN_MESSAGES.themeUnknown],
  ])('refuses %s with a 400 and says why', async (_what, change, message) => {
    const before = (await overlaySettings()).alert_variations;
    const response = await patch(withDesign({ ...DEFAULT_ALERT_DESIGN, ...change }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'validation_error', message });
    // Nothing of it was saved.
    expect((await overlaySettings()).alert_variations).toEqual(before);
  });

  it('refuses a field the designer does not have, such as raw CSS', async () => {
    const response = await patch(withDesign({ ...DEFAULT_ALERT_DESIGN, css: 'color: red' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('refuses an uploaded image and a theme image on one variation', async () => {
    const response = await patch(
      withDesign(
        { ...DEFAULT_ALERT_DESIGN, bundled_image: 'holi-colours' },
        { image_media_id: '00000000-0000-4000-8000-000000000000' },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: ALERT_DESIGN_MESSAGES.imageTwice,
    });
  });

  it('gives variations sent or saved without a design the classic look', async () => {
    const { design: _design, ...withoutDesign } = textVariation!;
    const sent = await patch({ alerts: { variations: [withoutDesign] } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().alerts.variations[0].design).toEqual(DEFAULT_ALERT_DESIGN);

    // A row saved before the designer existed holds variations with no design at all.
    await updateStreamerColumns(testApp.database.db, streamerId, {
      // Cast: the column's type now requires the design that such a row lacks.
      alertSettings: { variations: [withoutDesign], text_alert_max_ms: 15_000 } as never,
    });
    const [played] = (await overlaySettings()).alert_variations;
    expect(played?.design).toEqual(DEFAULT_ALERT_DESIGN);
    expect(played?.image_url).toBeNull();
  });

  it('serves every theme its own sound', async () => {
    const bodies = new Set<string>();
    for (const theme of ALERT_THEMES) {
      const response = await testApp.app.inject({ url: `/media/sounds/${theme.sound}.wav` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      bodies.add(response.rawPayload.toString('base64'));
    }
    expect(bodies.size).toBe(ALERT_THEMES.length);
  });
});
