import type { CSSProperties } from 'react';
import type { PublicStreamer } from '@shabaash/core';

type Rgb = readonly [number, number, number];

/** Used when a streamer's colour is missing or not a hex colour (the site's own saffron). */
const FALLBACK_ACCENT: Rgb = [0xc2, 0x41, 0x0c];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** WCAG AA for normal text: white labels on filled buttons must reach it. */
const MIN_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb` → channels, or null for anything else (never trusted into CSS). */
export function parseHexColor(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  const channel = (offset: number) => Number.parseInt(hex.slice(offset, offset + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `weight` of `other` mixed into `color` (0 keeps `color`, 1 gives `other`). */
function mix(color: Rgb, other: Rgb, weight: number): Rgb {
  const blend = (from: number, to: number) => from + (to - from) * weight;
  return [blend(color[0], other[0]), blend(color[1], other[1]), blend(color[2], other[2])];
}

function relativeLuminance(rgb: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [first, second] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** The colour, darkened in small steps until white text on it (and it on white) is readable. */
function readableOnWhite(color: Rgb): Rgb {
  for (let weight = 0; weight <= 1; weight += 0.05) {
    const candidate = mix(color, BLACK, weight);
    if (contrastRatio(candidate, WHITE) >= MIN_CONTRAST) return candidate;
  }
  return BLACK;
}

/** Tailwind's brand shades as CSS variables, so every ui component takes the streamer's accent. */
export type AccentPalette = Record<`--color-brand-${number}`, string>;

/**
 * The streamer's `brand_color` as the app's brand palette. The components in components/ui
 * paint with `var(--color-brand-…)`, so setting these on the page's root re-themes buttons,
 * focus rings, badges and spinners at once. The 700 shade (filled buttons, brand text) is
 * darkened until it reads at AA with white, whatever colour the streamer picked.
 */
export function accentPalette(brandColor: string): AccentPalette {
  const base = parseHexColor(brandColor) ?? FALLBACK_ACCENT;
  const strong = readableOnWhite(base);
  return {
    '--color-brand-50': toHex(mix(base, WHITE, 0.94)),
    '--color-brand-100': toHex(mix(base, WHITE, 0.86)),
    '--color-brand-200': toHex(mix(base, WHITE, 0.72)),
    '--color-brand-300': toHex(mix(base, WHITE, 0.5)),
    '--color-brand-400': toHex(mix(base, WHITE, 0.25)),
    '--color-brand-500': toHex(base),
    '--color-brand-600': toHex(mix(base, strong, 0.5)),
    '--color-brand-700': toHex(strong),
    '--color-brand-800': toHex(mix(strong, BLACK, 0.2)),
    '--color-brand-900': toHex(mix(strong, BLACK, 0.4)),
  };
}

/** The palette as a React style: CSS custom properties are valid style keys React passes on. */
export function accentStyle(brandColor: string): CSSProperties {
  // CSSProperties lists no custom properties; React sets `--*` keys with style.setProperty.
  return accentPalette(brandColor) as CSSProperties;
}

type Theme = PublicStreamer['theme'];

/** The page's wash behind the form, per colour family (spec 02 §2, Themes). */
export const THEME_PAGE_CLASSES: Record<Theme, string> = {
  blue: 'bg-blue-50',
  green: 'bg-green-50',
  purple: 'bg-purple-50',
  orange: 'bg-orange-50',
  pink: 'bg-pink-50',
  cover: 'bg-brand-50',
};

/** The header band; 'cover' shows the streamer's cover image, or this when there is none. */
export const THEME_HERO_CLASSES: Record<Theme, string> = {
  blue: 'from-blue-800 via-blue-700 to-sky-600',
  green: 'from-green-800 via-green-700 to-emerald-600',
  purple: 'from-purple-800 via-purple-700 to-fuchsia-600',
  orange: 'from-orange-800 via-orange-700 to-amber-600',
  pink: 'from-pink-800 via-pink-700 to-rose-600',
  cover: 'from-brand-900 via-brand-800 to-brand-600',
};
