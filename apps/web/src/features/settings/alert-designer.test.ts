import {
  ALERT_THEMES,
  BUNDLED_IMAGES,
  DEFAULT_ALERT_SETTINGS,
  alertSettingsSchema,
} from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { applyTheme, imageChoiceOf, withImageChoice } from './alert-designer';

const base = {
  ...DEFAULT_ALERT_SETTINGS.variations[0]!,
  image_media_id: '3f1c1b9e-5a8e-4b7a-9c64-3b2f0c8d1e2f',
};

describe('applyTheme', () => {
  it('gives a variation the theme’s design, sound and image, and the result saves', () => {
    for (const theme of ALERT_THEMES) {
      const themed = applyTheme(base, theme);
      expect(themed.design).toEqual(theme.design);
      expect(themed.sound).toEqual({ kind: 'bundled', id: theme.id });
      expect(themed.image_media_id).toBeNull();
      expect(themed.template).toBe(base.template);
      const parsed = alertSettingsSchema.safeParse({ variations: [themed] });
      expect(parsed.success).toBe(true);
    }
  });
});

describe('image choice', () => {
  it('holds an upload or a theme image, never both', () => {
    const themed = applyTheme(base, ALERT_THEMES[0]!);
    expect(imageChoiceOf(themed)).toBe('bundled:cricket-sixer');
    const uploaded = withImageChoice(themed, `media:${base.image_media_id!}`, BUNDLED_IMAGES);
    expect(uploaded.image_media_id).toBe(base.image_media_id);
    expect(uploaded.design.bundled_image).toBeNull();
    expect(imageChoiceOf(withImageChoice(uploaded, '', BUNDLED_IMAGES))).toBe('');
    expect(
      withImageChoice(uploaded, 'bundled:nope', BUNDLED_IMAGES).design.bundled_image,
    ).toBeNull();
  });
});
