import {
  DEFAULT_ALERT_DESIGN,
  DEFAULT_ALERT_TEMPLATE,
  alertDesignOf,
  alertDurationMs,
  renderAlertTemplate,
  resolveAlertVariation,
  typingMsPerCharacter,
  type AlertDesign,
  type AlertTextPart,
  type OverlayAlert,
  type OverlayAlertVariation,
} from '@shabaash/core';

import { alertTemplateIn } from './overlay.constants';

/** How one alert plays, decided once when it comes on screen. */
export type AlertPresentation = {
  durationMs: number;
  /** The headline ("Asha tipped ₹51") as parts: always rendered as React text, never HTML. */
  headline: AlertTextPart[];
  imageUrl: string | null;
  /** The variation's sound, already null when the tip is below its sound threshold. */
  soundUrl: string | null;
  /** Whether the tip reaches the sound threshold, which gates a voice message too. */
  isAudible: boolean;
  /** How fast the message is typed so it is whole before the alert leaves (0: all at once). */
  typingMsPerCharacter: number;
  /** How the card looks and where it sits (issue 33). */
  design: AlertDesign;
};

/**
 * The streamer's alert settings applied to one alert (test alerts included): the variation for
 * its type and amount sets the duration (else the spec's timing; a text alert never beyond the
 * streamer's cap), the image, the text and the sound. With no variation (settings not loaded yet) the alert plays as the spec describes.
 */
export function presentAlert(
  alert: OverlayAlert,
  variations: readonly OverlayAlertVariation[],
  textAlertMaxMs?: number,
): AlertPresentation {
  const { donation } = alert;
  const variation = resolveAlertVariation(variations, donation);
  const isAudible = donation.amount_paise >= (variation?.sound_min_amount_paise ?? 0);
  const durationMs = alertDurationMs(alert, {
    variationMs: variation?.duration_ms,
    textAlertMaxMs,
  });
  return {
    durationMs,
    typingMsPerCharacter: typingMsPerCharacter(donation.message, durationMs),
    headline: renderAlertTemplate(
      alertTemplateIn(variation?.template ?? DEFAULT_ALERT_TEMPLATE),
      donation,
    ),
    imageUrl: variation?.image_url ?? null,
    soundUrl: isAudible ? (variation?.sound_url ?? null) : null,
    isAudible,
    design: variation ? alertDesignOf(variation) : DEFAULT_ALERT_DESIGN,
  };
}
