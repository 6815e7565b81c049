import type { AlertDesign, AlertTheme, AlertVariation } from '@shabaash/core';

/**
 * The designer's pure parts (issue 33): a theme applied to a variation, and design changes
 * that keep the variation valid.
 */

/**
 * A variation with a theme's look: its design, its bundled sound and its image (which replaces
 * an uploaded one, as a variation holds one image). When the alert plays, the text and the
 * amounts stay the streamer's.
 */
export function applyTheme(variation: AlertVariation, theme: AlertTheme): AlertVariation {
  return {
    ...variation,
    design: { ...theme.design },
    sound: { kind: 'bundled', id: theme.sound },
    image_media_id: null,
  };
}

/** A design change; choosing an uploaded image elsewhere clears the theme image. */
export function withDesign(variation: AlertVariation, patch: Partial<AlertDesign>): AlertVariation {
  return { ...variation, design: { ...variation.design, ...patch } };
}

/** The image select's value for a variation: `media:<id>`, `bundled:<id>` or '' for none. */
export function imageChoiceOf(variation: AlertVariation): string {
  if (variation.image_media_id) return `media:${variation.image_media_id}`;
  if (variation.design.bundled_image) return `bundled:${variation.design.bundled_image}`;
  return '';
}

/** The variation with the image chosen in the image select (one image at most). */
export function withImageChoice(
  variation: AlertVariation,
  choice: string,
  bundledIds: readonly string[],
): AlertVariation {
  const [kind, id = ''] = choice.split(/:(.*)/s);
  const bundled = kind === 'bundled' && bundledIds.includes(id) ? id : null;
  return {
    ...variation,
    image_media_id: kind === 'media' && id ? id : null,
    design: {
      ...variation.design,
      bundled_image: bundled as AlertDesign['bundled_image'], // checked against the list above
    },
  };
}
