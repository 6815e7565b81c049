import { formatRupees, HYPEREMOTES } from '@shabaash/core';
import type { LucideIcon } from 'lucide-react';
import { Film, MessageSquareText, Mic, Phone, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import type { DashboardDonation } from '../dashboard.api';
import {
  DONATION_TYPE_LABELS,
  DONATIONS_TEXT,
  MODERATION_LABELS,
  PAYMENT_LABELS,
  moderatedByText,
} from '../dashboard.constants';
import { describeModerator } from '../moderator-label';
import { formatIndiaDateTime, formatRelativeTime } from '../relative-time';
import { VoiceMessageButton } from './voice-message-button';

const TYPE_ICONS: Record<DashboardDonation['type'], LucideIcon> = {
  text: MessageSquareText,
  voice: Mic,
  hyperemote: Sparkles,
  media: Film,
};

const MODERATION_VARIANTS: Record<string, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  auto_approved: 'success',
  rejected: 'danger',
};

const PAYMENT_VARIANTS: Record<string, BadgeVariant> = {
  success: 'success',
  pending: 'warning',
  failed: 'danger',
};

/** Unknown statuses show as they are, in a neutral badge (spec 02 §4). */
function statusBadge(
  status: string,
  labels: Record<string, string>,
  variants: Record<string, BadgeVariant>,
) {
  return { label: labels[status] ?? status, variant: variants[status] ?? 'neutral' };
}

function hyperemoteOf(id: string | null) {
  return HYPEREMOTES.find((emote) => emote.id === id) ?? null;
}

/** 'Approved by priya@example.com 2 minutes ago', 'Rejected by Ravi via Telegram …'. */
function moderatedLine(donation: DashboardDonation, nowMs: number): string | null {
  if (donation.moderation_status === 'auto_approved') return DONATIONS_TEXT.approvedAutomatically;
  if (!donation.moderated_by) return null;
  const { name, viaTelegram } = describeModerator(donation.moderated_by);
  const verb = MODERATION_LABELS[donation.moderation_status] ?? donation.moderation_status;
  const when = donation.moderated_at ? ` ${formatRelativeTime(donation.moderated_at, nowMs)}` : '';
  const via = viaTelegram ? ` ${DONATIONS_TEXT.viaTelegram}` : '';
  return moderatedByText({ status: donation.moderation_status, verb, name, via, when });
}

/**
 * One donation (spec 02 §2): the donor's initial, name, amount, type icon, the message in
 * quotes when it is visible, Play Voice Message, the Hyperemote badge, moderation and payment
 * badges, a Sandbox badge when no money moved, the blocked word that holds it, relative time
 * and who moderated it. The masked phone shows only when the server sent one (site admins).
 * `actions` holds Approve / Reject on pending donations.
 */
export function DonationCard({
  donation,
  nowMs,
  actions,
}: {
  donation: DashboardDonation;
  nowMs: number;
  actions?: ReactNode;
}) {
  const nameId = useId();
  const TypeIcon = TYPE_ICONS[donation.type] ?? MessageSquareText;
  const typeLabel = DONATION_TYPE_LABELS[donation.type] ?? donation.type;
  const moderation = statusBadge(
    donation.moderation_status,
    MODERATION_LABELS,
    MODERATION_VARIANTS,
  );
  const payment = statusBadge(donation.payment_status, PAYMENT_LABELS, PAYMENT_VARIANTS);
  const emote = donation.is_hyperemote ? hyperemoteOf(donation.hyperemote_id) : null;
  const moderated = moderatedLine(donation, nowMs);

  return (
    <article
      aria-labelledby={nameId}
      data-donation-id={donation.id}
      className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
      >
        {donation.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-1.5">
            <TypeIcon
              role="img"
              aria-label={typeLabel}
              className="size-4 shrink-0 text-slate-500"
            />
            <h3 id={nameId} className="truncate font-semibold text-slate-900">
              {donation.name}
            </h3>
          </div>
          <p className="shrink-0 font-bold text-slate-900 tabular-nums">
            {formatRupees(donation.amount_paise)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {donation.is_hyperemote ? (
            <Badge variant="brand">
              {emote ? (
                <span aria-hidden="true" className="font-emoji">
                  {emote.emoji}
                </span>
              ) : null}
              {DONATIONS_TEXT.hyperemote}
              {emote ? ` · ${emote.name}` : ''}
            </Badge>
          ) : null}
          <Badge variant={moderation.variant}>{moderation.label}</Badge>
          <Badge variant={payment.variant}>{payment.label}</Badge>
          {donation.is_sandbox ? <Badge variant="warning">{DONATIONS_TEXT.sandbox}</Badge> : null}
        </div>
        {donation.message_visible && donation.message ? (
          <blockquote className="text-sm break-words whitespace-pre-line text-slate-800">
            “{donation.message}”
          </blockquote>
        ) : null}
        {donation.voice_url ? <VoiceMessageButton src={donation.voice_url} /> : null}
        {donation.media_url ? (
          // The fan's GIF or video (re-encoded), for the reviewer to see before approving.
          donation.media_kind === 'video' ? (
            <video
              src={donation.media_url}
              data-review-media="video"
              aria-label={DONATION_TYPE_LABELS.media}
              controls
              muted
              playsInline
              preload="metadata"
              className="max-h-48 w-auto max-w-full rounded-lg bg-slate-900"
            />
          ) : (
            <img
              src={donation.media_url}
              data-review-media="image"
              alt={DONATION_TYPE_LABELS.media}
              className="max-h-48 w-auto max-w-full rounded-lg bg-slate-900"
            />
          )
        ) : null}
        {donation.held_for_word ? (
          <p className="text-sm text-amber-800">
            {DONATIONS_TEXT.heldForWord(donation.held_for_word)}
          </p>
        ) : null}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
          <time dateTime={donation.created_at} title={formatIndiaDateTime(donation.created_at)}>
            {formatRelativeTime(donation.created_at, nowMs)}
          </time>
          {moderated ? <span>{moderated}</span> : null}
          {donation.phone_masked ? (
            <span className="inline-flex items-center gap-1">
              <Phone aria-hidden="true" className="size-3" />
              <span className="sr-only">{DONATIONS_TEXT.phoneLabel}: </span>
              {donation.phone_masked}
            </span>
          ) : null}
        </p>
        {actions}
      </div>
    </article>
  );
}
