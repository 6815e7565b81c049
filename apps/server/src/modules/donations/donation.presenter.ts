import {
  ANONYMOUS_DONOR_NAME,
  hasStreamConsent,
  sanitizeText,
  type PaymentStatusResponse,
  type PublicDonation,
  type PublicStreamer,
  type PublicStreamerSettings,
} from '@shabaash/core';
import type { donations, paymentEvents } from '../../db/schema.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { presentPublicSettings } from '../settings/settings.presenter.ts';
import type { Streamer } from '../../db/schema.ts';

/**
 * Presenters: the only shapes in which donations and streamers leave the server. The donor's
 * phone number never appears in any of them.
 */

type DonationRow = typeof donations.$inferSelect;

/** The public profile; `access` is what the page's plans let fans send (readTipAccess). */
export function presentPublicStreamer(
  streamer: Streamer,
  provider: PaymentProvider,
  access: { isPreview: boolean; tipTypes: PublicStreamer['tip_types'] },
  speech: PublicStreamer['speech'],
): PublicStreamer & PublicStreamerSettings {
  return {
    ...presentPublicSettings(streamer),
    slug: streamer.slug,
    name: streamer.name,
    brand_color: streamer.brandColor,
    theme: streamer.theme,
    cover_image_url: streamer.coverImageUrl,
    form_variant: streamer.formVariant,
    show_emote_picker: streamer.showEmotePicker,
    hyperemote_price_paise: streamer.hyperemotePricePaise,
    is_active: streamer.isActive,
    show_leaderboard: streamer.showLeaderboard,
    is_preview: access.isPreview,
    tip_types: access.tipTypes,
    ...(speech ? { speech } : {}),
    payment: { provider: provider.name, mode: provider.mode, ...provider.publicConfig() },
  };
}

/**
 * The name a public surface shows. An anonymous tip is already stored as 'Anonymous' (the name
 * given is never kept); the flag is checked too, so a future write path cannot leak one.
 */
export function publicDonorName(donation: Pick<DonationRow, 'name' | 'isAnonymous'>): string {
  return donation.isAnonymous ? ANONYMOUS_DONOR_NAME : sanitizeText(donation.name);
}

export function presentPublicDonation(donation: DonationRow): PublicDonation {
  return {
    id: donation.id,
    donor_name: publicDonorName(donation),
    amount_paise: donation.amountPaise,
    type: donation.type,
    // A fan who withdrew stream consent (issue 29) is listed without name or message.
    sanitized_message:
      donation.messageVisible && hasStreamConsent(donation) ? sanitizeText(donation.message) : '',
    hyperemote_id: donation.hyperemoteId,
    created_at: donation.createdAt.toISOString(),
  };
}

const ORDER_STATUS: Record<DonationRow['paymentStatus'], string> = {
  success: 'PAID',
  pending: 'ACTIVE',
  failed: 'FAILED',
};

/** The status page's answer (DESIGN.md): `order_amount` in rupees because the spec reads it so. */
export function presentOrderStatus(
  donation: DonationRow,
  events: Array<typeof paymentEvents.$inferSelect>,
): PaymentStatusResponse & { amount_paise: number } {
  return {
    order_id: donation.orderId,
    final_status: donation.paymentStatus,
    order_status: ORDER_STATUS[donation.paymentStatus],
    payments: events.map((event) => ({
      payment_status: event.status,
      payment_time: event.receivedAt.toISOString(),
    })),
    order_amount: donation.amountPaise / 100,
    amount_paise: donation.amountPaise,
    customer_details: { customer_name: publicDonorName(donation) },
    held_for_review:
      donation.paymentStatus === 'success' && donation.moderationStatus === 'pending',
  };
}
