import {
  ALERT_DESIGN_LIMITS,
  DEFAULT_ALERT_DESIGN,
  HEX_COLOUR,
  type AlertDesign,
  type AlertFont,
  type AlertPosition,
} from '@shabaash/core';
import type { CSSProperties } from 'react';

/**
 * A design (issue 33) turned into styles through fixed tables: fonts and positions are looked
 * up, colours are used only when they are #rrggbb and numbers are clamped, so even a design
 * that skipped the server's check could not put anything else into a style.
 */

const SYSTEM_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";
// The self-hosted Noto Sans Devanagari and the emoji fonts (app.css's --font-emoji) end every
// stack, so Hindi and the product's own emoji never show as boxes.
const STACK_END = "'Shabaash Noto Sans', var(--font-emoji)";

export const ALERT_FONT_STACKS: Record<AlertFont, string> = {
  system: `${SYSTEM_STACK}, ${STACK_END}`,
  'noto-sans': `'Shabaash Noto Sans', ${SYSTEM_STACK}, ${STACK_END}`,
  'baloo-2': `'Shabaash Baloo 2', ${SYSTEM_STACK}, ${STACK_END}`,
  poppins: `'Shabaash Poppins', ${SYSTEM_STACK}, ${STACK_END}`,
  teko: `'Shabaash Teko', ${SYSTEM_STACK}, ${STACK_END}`,
  kalam: `'Shabaash Kalam', ${SYSTEM_STACK}, ${STACK_END}`,
};

/** Where the scaled card grows from: the corner or edge it is anchored to. */
const TRANSFORM_ORIGINS: Record<AlertPosition, string> = {
  'top-left': 'top left',
  'top-center': 'top center',
  'top-right': 'top right',
  'middle-left': 'center left',
  'middle-center': 'center',
  'middle-right': 'center right',
  'bottom-left': 'bottom left',
  'bottom-center': 'bottom center',
  'bottom-right': 'bottom right',
};

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : 0;
}

/** A #rrggbb colour, or the fallback for anything else. */
export function safeColour(colour: string | null, fallback: string): string {
  return colour !== null && HEX_COLOUR.test(colour) ? colour : fallback;
}

function rgba(hex: string, opacityPercent: number): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${String(r)}, ${String(g)}, ${String(b)}, ${String(clamp(opacityPercent, 0, 100) / 100)})`;
}

/**
 * The card's wrapper: moved by the offsets (frame pixels as a share of the frame, so the card
 * sits at the same place at 1920×1080, at 800×600 and in the scaled preview) and scaled from
 * its anchor.
 */
export function placementStyle(design: AlertDesign): CSSProperties {
  const { frameWidth, frameHeight, offsetMaxX, offsetMaxY } = ALERT_DESIGN_LIMITS;
  const x = (clamp(design.offset_x, -offsetMaxX, offsetMaxX) / frameWidth) * 100;
  const y = (clamp(design.offset_y, -offsetMaxY, offsetMaxY) / frameHeight) * 100;
  const scale = clamp(design.scale_percent, 50, 200) / 100;
  return {
    transform: `translate(calc(var(--fw) * ${String(x)}), calc(var(--fh) * ${String(y)})) scale(${String(scale)})`,
    transformOrigin: TRANSFORM_ORIGINS[design.position] ?? 'top center',
  };
}

/** The card's font and background; null background: the text stands on the stream. */
export function cardStyle(design: AlertDesign): CSSProperties {
  const background =
    design.background_color === null
      ? undefined
      : rgba(
          safeColour(design.background_color, DEFAULT_ALERT_DESIGN.background_color ?? '#020617'),
          design.background_opacity,
        );
  return {
    fontFamily: ALERT_FONT_STACKS[design.font] ?? ALERT_FONT_STACKS.system,
    backgroundColor: background,
    color: safeColour(design.message_color, DEFAULT_ALERT_DESIGN.message_color),
  };
}

/** The colour of one part of the headline. */
export function partColour(design: AlertDesign, kind: 'text' | 'name' | 'amount'): string {
  if (kind === 'name') return safeColour(design.name_color, DEFAULT_ALERT_DESIGN.name_color);
  if (kind === 'amount') return safeColour(design.amount_color, DEFAULT_ALERT_DESIGN.amount_color);
  return safeColour(design.message_color, DEFAULT_ALERT_DESIGN.message_color);
}
