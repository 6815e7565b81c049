import { hasStreamConsent, heldForWord, type DashboardDonation } from '@shabaash/core';
import type { Streamer, donations, mediaUploads, voiceUploads } from '../../db/schema.ts';

/**
 * A donation as a streamer's dashboard shows it. The phone appears only masked, for site
 * admins; a donation waiting for review names the blocked word that holds it, if one does.
 */
export function presentDashboardDonation(
  row: {
    donation: typeof donations.$inferSelect;
    voice: typeof voiceUploads.$inferSelect | null;
    media?: Pick<typeof mediaUploads.$inferSelect, 'id' | 'kind'> | null;
  },
  options: {
    showMaskedPhone: boolean;
    streamer: Pick<Streamer, 'moderationMode' | 'blockedWords'>;
  },
): DashboardDonation {
  const { donation, media } = row;
  // A fan who withdrew stream consent (issue 29): the creator keeps the money record only.
  const consented = hasStreamConsent(donation);
  const voice = consented ? row.voice : null;
  const heldBy =
    donation.moderationStatus === 'pending' ? heldForWord(options.streamer, donation) : null;
  return {
    id: donation.id,
    name: donation.name,
    /** The streamer sees 'Anonymous' too: the name the fan gave is not kept. */
    is_anonymous: donation.isAnonymous,
    amount_paise: donation.amountPaise,
    type: donation.type,
    message: consented ? donation.message : '',
    message_visible: donation.messageVisible,
    is_hyperemote: donation.type === 'hyperemote',
    hyperemote_id: donation.hyperemoteId,
    voice_url: voice ? `/media/voice/${voice.id}` : null,
    ...(media && consented ? { media_url: `/media/tips/${media.id}`, media_kind: media.kind } : {}),
    moderation_status: donation.moderationStatus,
    payment_status: donation.paymentStatus,
    moderated_by: donation.moderatedBy,
    moderated_at: donation.moderatedAt?.toISOString() ?? null,
    created_at: donation.createdAt.toISOString(),
    is_sandbox: isSandboxDonation(donation),
    ...(options.showMaskedPhone
      ? { phone_masked: donation.phoneMasked ?? maskPhone(donation.phone ?? '') }
      : {}),
    ...(heldBy === null ? {} : { held_for_word: heldBy }),
  };
}

/**
 * Whether the built-in sandbox gateway "paid" the donation: no money moved, so the dashboard and
 * the overlay mark it (the sandbox may run on a public test site, see config.ts).
 */
export function isSandboxDonation(donation: Pick<typeof donations.$inferSelect, 'provider'>) {
  return donation.provider === 'sandbox';
}

/** 9876543210 → 98••••••10 */
export function maskPhone(phone: string): string {
  return phone.length < 4
    ? '••••'
    : `${phone.slice(0, 2)}${'•'.repeat(phone.length - 4)}${phone.slice(-2)}`;
}
