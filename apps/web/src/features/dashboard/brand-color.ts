/** Used when a streamer's colour is missing or not a plain hex colour. */
export const FALLBACK_BRAND_COLOR = '#c2410c';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The streamer's colour as `#rrggbb`, safe to put in a style attribute. */
export function brandColorOrFallback(color: string | null | undefined): string {
  return color && HEX_COLOR.test(color) ? color.toLowerCase() : FALLBACK_BRAND_COLOR;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const DARK_TEXT = '#0f172a';
const LIGHT_TEXT = '#ffffff';

/**
 * White or near-black, whichever reads better on the streamer's colour: brand colours are
 * chosen by streamers, and a yellow brand must not get white text.
 */
export function readableTextOn(color: string): string {
  const background = relativeLuminance(brandColorOrFallback(color));
  const contrastWithWhite = 1.05 / (background + 0.05);
  const contrastWithDark = (background + 0.05) / (relativeLuminance(DARK_TEXT) + 0.05);
  return contrastWithWhite >= contrastWithDark ? LIGHT_TEXT : DARK_TEXT;
}
