/**
 * How an alert looks on stream (issue 33): the designer's choices per alert variation and the
 * ready-made themes. Only enums, numbers and #rrggbb colours: the overlay turns each into a
 * style through a fixed table, so nothing a streamer types ever becomes CSS or HTML. The zod
 * schema is in alert-design.schema.ts, so the overlay can use these without zod.
 */
import type { BundledSoundId } from './settings.ts';

/** Where the image sits: above the text, beside it, behind it, or no image at all. */
export const ALERT_LAYOUTS = ['above', 'beside', 'behind', 'text'] as const;
export type AlertLayout = (typeof ALERT_LAYOUTS)[number];

/** The 3×3 grid of the 1920×1080 frame the card is anchored to. */
export const ALERT_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-left',
  'middle-center',
  'middle-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type AlertPosition = (typeof ALERT_POSITIONS)[number];

/**
 * The fonts an alert may use: self-hosted (SIL Open Font Licence), each with Latin and
 * Devanagari, so a Hindi message never falls back to boxes. `system` is the look alerts had
 * before the designer.
 */
export const ALERT_FONTS = ['system', 'noto-sans', 'baloo-2', 'poppins', 'teko', 'kalam'] as const;
export type AlertFont = (typeof ALERT_FONTS)[number];

export const ALERT_ANIMATIONS = ['pop', 'slide', 'fade', 'bounce'] as const;
export type AlertAnimation = (typeof ALERT_ANIMATIONS)[number];

/** Images shipped with the themes, served by the web app at `bundledImagePath(id)`. */
export const BUNDLED_IMAGES = [
  'cricket-sixer',
  'diwali-lights',
  'holi-colours',
  'bollywood-marquee',
  'kite-festival',
  'chai-break',
  'neon-arcade',
  'royal-gold',
] as const;
export type BundledImageId = (typeof BUNDLED_IMAGES)[number];

export function bundledImagePath(id: BundledImageId): string {
  return `/alert-themes/${id}.svg`;
}

export const ALERT_DESIGN_LIMITS = {
  /** The frame every position and offset is measured in. */
  frameWidth: 1920,
  frameHeight: 1080,
  /** Offsets move the card from its grid position by at most a frame's width or height. */
  offsetMaxX: 1920,
  offsetMaxY: 1080,
  /** The card's size, in per cent of the standard card. */
  scaleMinPercent: 50,
  scaleMaxPercent: 200,
} as const;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** The designer's words that the schema and the server answer with. */
export const ALERT_DESIGN_MESSAGES = {
  layoutInvalid: 'Please choose one of the layouts: image above, beside or behind, or text only.',
  positionInvalid: 'Please choose one of the nine positions.',
  offsetInvalid: 'Offsets are whole pixels within the 1920×1080 frame.',
  scaleInvalid: 'Size must be a whole per cent between 50 and 200.',
  fontInvalid: 'Please choose one of the fonts.',
  colourInvalid: 'Colours must be hex colours such as #ffcc00.',
  opacityInvalid: 'Background opacity must be a whole per cent between 0 and 100.',
  animationInvalid: 'Please choose one of the animations: pop, slide, fade or bounce.',
  imageUnknown: 'Please choose one of the theme images.',
  imageTwice: 'Choose an uploaded image or a theme image, not both.',
  themeUnknown: 'This theme does not exist.',
} as const;

export type AlertDesign = {
  /** The theme last applied (then adjusted freely); null when none was. */
  theme: AlertThemeId | null;
  layout: AlertLayout;
  position: AlertPosition;
  offset_x: number;
  offset_y: number;
  scale_percent: number;
  font: AlertFont;
  name_color: string;
  amount_color: string;
  message_color: string;
  /** null: no card, the text stands on the stream. */
  background_color: string | null;
  background_opacity: number;
  animation_in: AlertAnimation;
  animation_out: AlertAnimation;
  /** A theme's image; an uploaded image (image_media_id) takes its place. */
  bundled_image: BundledImageId | null;
};

/** Exactly the look alerts had before the designer: a dark card at the top centre. */
export const DEFAULT_ALERT_DESIGN: AlertDesign = {
  theme: null,
  layout: 'above',
  position: 'top-center',
  offset_x: 0,
  offset_y: 0,
  scale_percent: 100,
  font: 'system',
  name_color: '#fcd34d',
  amount_color: '#6ee7b7',
  message_color: '#ffffff',
  background_color: '#020617',
  background_opacity: 80,
  animation_in: 'pop',
  animation_out: 'fade',
  bundled_image: null,
};

export const ALERT_THEME_IDS = [
  'cricket-sixer',
  'diwali-lights',
  'holi-colours',
  'bollywood-marquee',
  'kite-festival',
  'chai-break',
  'neon-arcade',
  'royal-gold',
] as const;
export type AlertThemeId = (typeof ALERT_THEME_IDS)[number];

/** A ready-made look: a design, its bundled sound (BUNDLED_SOUNDS) and its image. */
export type AlertTheme = {
  id: AlertThemeId;
  name: string;
  sound: BundledSoundId;
  design: AlertDesign;
};

const themed = (
  id: AlertThemeId,
  name: string,
  design: Omit<AlertDesign, 'theme' | 'bundled_image' | 'offset_x' | 'offset_y' | 'scale_percent'>,
): AlertTheme => ({
  id,
  name,
  sound: id,
  design: { ...design, theme: id, bundled_image: id, offset_x: 0, offset_y: 0, scale_percent: 100 },
});

/**
 * The ready-made themes, four of them Indian festivals and passions. The calls are marked pure
 * so a bundle that never shows the themes (the donation page, the overlay) leaves them out.
 */
export const ALERT_THEMES: readonly AlertTheme[] = [
  /* @__PURE__ */ themed('cricket-sixer', 'Cricket sixer', {
    layout: 'beside',
    position: 'bottom-center',
    font: 'teko',
    name_color: '#facc15',
    amount_color: '#ffffff',
    message_color: '#e0f2fe',
    background_color: '#14532d',
    background_opacity: 90,
    animation_in: 'slide',
    animation_out: 'slide',
  }),
  /* @__PURE__ */ themed('diwali-lights', 'Diwali lights', {
    layout: 'above',
    position: 'top-center',
    font: 'baloo-2',
    name_color: '#fde047',
    amount_color: '#fb923c',
    message_color: '#fff7ed',
    background_color: '#3b0764',
    background_opacity: 88,
    animation_in: 'fade',
    animation_out: 'fade',
  }),
  /* @__PURE__ */ themed('holi-colours', 'Holi colours', {
    layout: 'behind',
    position: 'middle-center',
    font: 'baloo-2',
    name_color: '#db2777',
    amount_color: '#16a34a',
    message_color: '#1e3a8a',
    background_color: '#fefce8',
    background_opacity: 85,
    animation_in: 'bounce',
    animation_out: 'pop',
  }),
  /* @__PURE__ */ themed('bollywood-marquee', 'Bollywood marquee', {
    layout: 'above',
    position: 'top-center',
    font: 'poppins',
    name_color: '#fbbf24',
    amount_color: '#f87171',
    message_color: '#fef3c7',
    background_color: '#450a0a',
    background_opacity: 92,
    animation_in: 'pop',
    animation_out: 'fade',
  }),
  /* @__PURE__ */ themed('kite-festival', 'Kite festival', {
    layout: 'beside',
    position: 'top-right',
    font: 'noto-sans',
    name_color: '#0369a1',
    amount_color: '#c2410c',
    message_color: '#0f172a',
    background_color: '#e0f2fe',
    background_opacity: 90,
    animation_in: 'slide',
    animation_out: 'fade',
  }),
  /* @__PURE__ */ themed('chai-break', 'Chai break', {
    layout: 'beside',
    position: 'bottom-right',
    font: 'kalam',
    name_color: '#7c2d12',
    amount_color: '#15803d',
    message_color: '#422006',
    background_color: '#fef3c7',
    background_opacity: 95,
    animation_in: 'bounce',
    animation_out: 'fade',
  }),
  /* @__PURE__ */ themed('neon-arcade', 'Neon arcade', {
    layout: 'above',
    position: 'top-left',
    font: 'teko',
    name_color: '#22d3ee',
    amount_color: '#f0abfc',
    message_color: '#ecfeff',
    background_color: '#020617',
    background_opacity: 75,
    animation_in: 'pop',
    animation_out: 'pop',
  }),
  /* @__PURE__ */ themed('royal-gold', 'Royal gold', {
    layout: 'above',
    position: 'middle-center',
    font: 'poppins',
    name_color: '#fde68a',
    amount_color: '#ffffff',
    message_color: '#fef9c3',
    background_color: '#1e1b4b',
    background_opacity: 90,
    animation_in: 'fade',
    animation_out: 'fade',
  }),
];

/** The design a stored variation plays with: saved before the designer, it has none. */
export function alertDesignOf(variation: { design?: AlertDesign | null }): AlertDesign {
  return variation.design ?? DEFAULT_ALERT_DESIGN;
}
