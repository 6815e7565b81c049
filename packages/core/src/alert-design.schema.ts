import { z } from 'zod';
import {
  ALERT_ANIMATIONS,
  ALERT_DESIGN_LIMITS,
  ALERT_DESIGN_MESSAGES,
  ALERT_FONTS,
  ALERT_LAYOUTS,
  ALERT_POSITIONS,
  ALERT_THEME_IDS,
  BUNDLED_IMAGES,
  DEFAULT_ALERT_DESIGN,
  HEX_COLOUR,
  type AlertDesign,
} from './alert-design.ts';

/**
 * An alert variation's design (issue 33), the one rule the settings form, the API and the
 * tests check a design with. Every field is an enum, a bounded whole number or a #rrggbb
 * colour, and unknown fields are refused: no CSS or HTML can travel in a design.
 */

const colourSchema = z
  .string({ error: ALERT_DESIGN_MESSAGES.colourInvalid })
  .trim()
  .toLowerCase()
  .regex(HEX_COLOUR, ALERT_DESIGN_MESSAGES.colourInvalid);

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const offsetSchema = (max: number) => wholeNumber(-max, max, ALERT_DESIGN_MESSAGES.offsetInvalid);

const animationSchema = z.enum(ALERT_ANIMATIONS, { error: ALERT_DESIGN_MESSAGES.animationInvalid });

export const alertDesignSchema = z.strictObject({
  theme: z.enum(ALERT_THEME_IDS, { error: ALERT_DESIGN_MESSAGES.themeUnknown }).nullable(),
  layout: z.enum(ALERT_LAYOUTS, { error: ALERT_DESIGN_MESSAGES.layoutInvalid }),
  position: z.enum(ALERT_POSITIONS, { error: ALERT_DESIGN_MESSAGES.positionInvalid }),
  offset_x: offsetSchema(ALERT_DESIGN_LIMITS.offsetMaxX),
  offset_y: offsetSchema(ALERT_DESIGN_LIMITS.offsetMaxY),
  scale_percent: wholeNumber(
    ALERT_DESIGN_LIMITS.scaleMinPercent,
    ALERT_DESIGN_LIMITS.scaleMaxPercent,
    ALERT_DESIGN_MESSAGES.scaleInvalid,
  ),
  font: z.enum(ALERT_FONTS, { error: ALERT_DESIGN_MESSAGES.fontInvalid }),
  name_color: colourSchema,
  amount_color: colourSchema,
  message_color: colourSchema,
  background_color: colourSchema.nullable(),
  background_opacity: wholeNumber(0, 100, ALERT_DESIGN_MESSAGES.opacityInvalid),
  animation_in: animationSchema,
  animation_out: animationSchema,
  bundled_image: z.enum(BUNDLED_IMAGES, { error: ALERT_DESIGN_MESSAGES.imageUnknown }).nullable(),
}) satisfies z.ZodType<AlertDesign>;

/** A variation's design; a variation saved (or sent) without one keeps the classic look. */
export const variationDesignSchema = alertDesignSchema.default(DEFAULT_ALERT_DESIGN);
