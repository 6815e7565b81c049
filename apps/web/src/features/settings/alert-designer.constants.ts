import type {
  AlertAnimation,
  AlertFont,
  AlertLayout,
  AlertPosition,
  AlertThemeId,
} from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** The alert designer's words (issue 33): the settings tab and its tests read them from here. */
export const DESIGNER_TEXT = /* @__PURE__ */ localized('designer', {
  designTitle: 'Design',
  themesTitle: 'Themes',
  themesHint: 'Apply a ready-made look in one click (design, sound and image), then adjust it.',
  applyTheme: (name: string) => t('designer.applyThemeFn', { name }, `Apply the ${name} theme`),
  themeApplied: (name: string) =>
    t('designer.themeAppliedFn', { name }, `${name} theme applied. Save to use it on stream.`),
  layoutLabel: 'Layout',
  positionLegend: 'Position on the 1920×1080 stream',
  offsetXLabel: 'Move right (px)',
  offsetYLabel: 'Move down (px)',
  offsetHint: 'Negative numbers move left or up.',
  sizeLabel: 'Size',
  fontLabel: 'Font',
  nameColourLabel: 'Name colour',
  amountColourLabel: 'Amount colour',
  messageColourLabel: 'Message colour',
  backgroundLabel: 'Card background',
  backgroundColourLabel: 'Background colour',
  opacityLabel: 'Background opacity',
  animationInLabel: 'Animation in',
  animationOutLabel: 'Animation out',
  themeImage: (name: string) => t('designer.themeImageFn', { name }, `Theme image: ${name}`),
  previewFrame: 'Preview of the alert on a 1920×1080 stream',
  previewMessage: 'शाबाश! Great stream, keep it up 🎉',
  play: 'Play',
  playVariation: 'Play this alert in the preview',
} as const);

export const LAYOUT_LABELS: Record<AlertLayout, string> = /* @__PURE__ */ localized(
  'designer.layouts',
  {
    above: 'Image above the text',
    beside: 'Image beside the text',
    behind: 'Image behind the text',
    text: 'Text only',
  },
);

export const POSITION_LABELS: Record<AlertPosition, string> = /* @__PURE__ */ localized(
  'designer.positions',
  {
    'top-left': 'Top left',
    'top-center': 'Top centre',
    'top-right': 'Top right',
    'middle-left': 'Middle left',
    'middle-center': 'Centre',
    'middle-right': 'Middle right',
    'bottom-left': 'Bottom left',
    'bottom-center': 'Bottom centre',
    'bottom-right': 'Bottom right',
  },
);

export const FONT_LABELS: Record<AlertFont, string> = /* @__PURE__ */ localized('designer.fonts', {
  system: 'Classic (system font)',
  'noto-sans': 'Noto Sans',
  'baloo-2': 'Baloo 2',
  poppins: 'Poppins',
  teko: 'Teko',
  kalam: 'Kalam',
});

export const ANIMATION_LABELS: Record<AlertAnimation, string> = /* @__PURE__ */ localized(
  'designer.animations',
  {
    pop: 'Pop',
    slide: 'Slide',
    fade: 'Fade',
    bounce: 'Bounce',
  },
);

export const THEME_DESCRIPTIONS: Record<AlertThemeId, string> = /* @__PURE__ */ localized(
  'designer.themes',
  {
    'cricket-sixer': 'A bat, a ball over the rope and a stadium cheer.',
    'diwali-lights': 'Glowing diyas, strings of lights and a twinkle.',
    'holi-colours': 'Bursts of gulal behind the text and a playful splash.',
    'bollywood-marquee': 'A cinema marquee of bulbs and a filmi flourish.',
    'kite-festival': 'Kites over the rooftops for Uttarayan.',
    'chai-break': 'A cutting chai and the clink of a spoon.',
    'neon-arcade': 'Neon outlines and an arcade coin.',
    'royal-gold': 'A golden crown for the big tips.',
  },
);
