import {
  isAlertable,
  MEDIA_TIP_LIMITS,
  sanitizeText,
  TEST_ALERT_DONATION,
  type OverlayAlert,
} from '@shabaash/core';
import type { alerts, donations, mediaUploads, voiceUploads } from '../../db/schema.ts';
import { isSandboxDonation } from '../donations/dashboard.presenter.ts';

export type AlertRow = {
  alert: Pick<typeof alerts.$inferSelect, 'id' | 'kind' | 'createdAt'>;
  donation: typeof donations.$inferSelect | null;
  voice: Pick<typeof voiceUploads.$inferSelect, 'id' | 'durationMs'> | null;
  /** A media tip's re-encoded file (issue 26); absent or null for other tips. */
  media?: Pick<typeof mediaUploads.$inferSelect, 'id' | 'kind' | 'durationMs' | 'hasAudio'> | null;
};

/**
 * The only shape in which an alert leaves the server (no phone, no order id). Empty when the
 * donation may not play (hidden, rejected). The payment settlement presents an alert it has
 * just written, for delivery without reading it back.
 */
export function presentAlertRow({ alert, donation, voice, media }: AlertRow): OverlayAlert[] {
  const base = { alert_id: alert.id, created_at: alert.createdAt.toISOString() };
  if (alert.kind === 'test') return [{ ...base, kind: 'test', donation: TEST_ALERT_DONATION }];
  // A donation that stopped being alertable after its alert was written (hidden, rejected) stays quiet.
  if (!donation || !isAlertable(donation)) return [];
  return [
    {
      ...base,
      kind: 'donation',
      donation: {
        id: donation.id,
        name: sanitizeText(donation.name),
        amount_paise: donation.amountPaise,
        type: donation.type,
        message: donation.messageVisible ? sanitizeText(donation.message) : '',
        hyperemote_id: donation.hyperemoteId,
        voice_url: voice ? `/media/voice/${voice.id}` : null,
        voice_duration_ms: voice?.durationMs ?? null,
        ...(media
          ? {
              media_url: `/media/tips/${media.id}`,
              media_kind: media.kind,
              // Checked against the streamer's maximum at upload; capped here once more.
              media_duration_ms: Math.min(media.durationMs, MEDIA_TIP_LIMITS.maxDurationMs),
              media_has_audio: media.hasAudio,
            }
          : {}),
        is_sandbox: isSandboxDonation(donation),
      },
    },
  ];
}
