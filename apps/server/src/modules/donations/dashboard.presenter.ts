import type { donations, voiceUploads } from '../../db/schema.ts';

/** A donation as a streamer's dashboard shows it. The phone appears only masked, for site admins. */
export function presentDashboardDonation(
  row: { donation: typeof donations.$inferSelect; voice: typeof voiceUploads.$inferSelect | null },
  options: { showMaskedPhone: boolean },
) {
  const { donation, voice } = row;
  return {
    id: donation.id,
    name: donation.name,
    /** The streamer sees 'Anonymous' too: the name the fan gave is not kept. */
    is_anonymous: donation.isAnonymous,
    amount_paise: donation.amountPaise,
    type: donation.type,
    message: donation.message,
    message_visible: donation.messageVisible,
    is_hyperemote: donation.type === 'hyperemote',
    hyperemote_id: donation.hyperemoteId,
    voice_url: voice ? `/media/voice/${voice.id}` : null,
    moderation_status: donation.moderationStatus,
    payment_status: donation.paymentStatus,
    moderated_by: donation.moderatedBy,
    moderated_at: donation.moderatedAt?.toISOString() ?? null,
    created_at: donation.createdAt.toISOString(),
    ...(options.showMaskedPhone ? { phone_masked: maskPhone(donation.phone) } : {}),
  };
}

/** 9876543210 → 98••••••10 */
export function maskPhone(phone: string): string {
  return phone.length < 4
    ? '••••'
    : `${phone.slice(0, 2)}${'•'.repeat(phone.length - 4)}${phone.slice(-2)}`;
}
