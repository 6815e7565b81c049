import {
  DEFAULT_ALERT_DESIGN,
  type OverlayAlert,
  type OverlayAlertVariation,
} from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { presentAlert } from './alert-presentation';

function buildAlert(amountPaise: number, voiceUrl: string | null = null): OverlayAlert {
  return {
    alert_id: 1,
    kind: 'donation',
    donation: {
      id: 'donation-1',
      name: '<b>Asha</b>',
      amount_paise: amountPaise,
      type: 'text',
      message: 'Hi!',
      hyperemote_id: null,
      voice_url: voiceUrl,
      voice_duration_ms: null,
      is_sandbox: false,
    },
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

function buildVariation(overrides: Partial<OverlayAlertVariation> = {}): OverlayAlertVariation {
  return {
    id: 'big',
    donation_type: 'text',
    min_amount_paise: 10_000,
    duration_ms: 8_000,
    template: 'Wow, {name} sent {amount}!',
    sound_min_amount_paise: 20_000,
    sound_url: '/media/sounds/fanfare.wav',
    image_url: '/media/files/image',
    design: DEFAULT_ALERT_DESIGN,
    ...overrides,
  };
}

describe('presentAlert', () => {
  it('plays as the spec says when no variation fits', () => {
    const presentation = presentAlert(buildAlert(5_100), [buildVariation()]);
    expect(presentation).toEqual({
      durationMs: 5_150,
      headline: [
        { kind: 'name', text: '<b>Asha</b>' },
        { kind: 'text', text: ' tipped ' },
        { kind: 'amount', text: '₹51' },
      ],
      imageUrl: null,
      soundUrl: null,
      isAudible: true,
      typingMsPerCharacter: 50,
      // The classic look: a dark card at the top centre.
      design: DEFAULT_ALERT_DESIGN,
    });
  });

  it("carries the variation's design", () => {
    const design = {
      ...DEFAULT_ALERT_DESIGN,
      position: 'bottom-left' as const,
      font: 'teko' as const,
    };
    expect(presentAlert(buildAlert(15_000), [buildVariation({ design })]).design).toEqual(design);
  });

  it("caps a long text alert at the streamer's limit and types it faster to finish in time", () => {
    const long = {
      ...buildAlert(5_100),
      donation: { ...buildAlert(5_100).donation, message: 'a'.repeat(600) },
    };
    expect(presentAlert(long, [])).toMatchObject({ durationMs: 15_000, typingMsPerCharacter: 16 });
    expect(
      presentAlert(long, [buildVariation({ min_amount_paise: 0, duration_ms: 60_000 })], 20_000),
    ).toMatchObject({ durationMs: 20_000, typingMsPerCharacter: 25 });
    expect(presentAlert(long, [], 5_000)).toMatchObject({
      durationMs: 5_000,
      typingMsPerCharacter: 0,
    });
  });

  it("uses the variation's duration, image and text, and its sound only from the threshold", () => {
    const quiet = presentAlert(buildAlert(15_000, '/voice.webm'), [buildVariation()]);
    expect(quiet).toMatchObject({ durationMs: 8_000, imageUrl: '/media/files/image' });
    expect(quiet.headline.map((part) => part.text).join('')).toBe('Wow, <b>Asha</b> sent ₹150!');
    expect(quiet).toMatchObject({ soundUrl: null, isAudible: false });

    const loud = presentAlert(buildAlert(20_000), [buildVariation({ duration_ms: null })]);
    expect(loud).toMatchObject({ durationMs: 5_150, soundUrl: '/media/sounds/fanfare.wav' });
    expect(loud.isAudible).toBe(true);
  });
});
