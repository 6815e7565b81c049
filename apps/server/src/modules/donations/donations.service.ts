import crypto from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  lte,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import {
  ANONYMOUS_DONOR_NAME,
  DONATION_MESSAGES,
  SETTINGS_MESSAGES,
  moderationStatusOnPayment,
  noticeVersion,
  type OrderResponse,
  type OverlayAlert,
  type orderRequestSchema,
} from '@shabaash/core';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  alerts,
  donations,
  mediaUploads,
  paymentEvents,
  voiceUploads,
  type Streamer,
} from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { presentAlertRow } from '../alerts/alert.presenter.ts';
import { alertableSql, countedSql, donationColumnsOf } from '../alerts/alertable.sql.ts';
import type { PaymentProvider, ProviderOrderState } from '../payments/payment-provider.ts';
import { assertTipAllowed, type TipAccess } from '../plans/plans.service.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import { claimVoiceUpload, releaseVoiceUpload } from '../uploads/uploads.service.ts';
import { prepareMediaOrder, releaseMediaUpload } from '../media-tips/media-tips.service.ts';
import { mergedFanKey } from '../leaderboards/supporter-merges.service.ts';
import { recordOrderConsents, type ConsentSource } from '../consent/consent.service.ts';
import type { PersonalData } from '../privacy/personal-data.ts';

export type Donation = typeof donations.$inferSelect;
type OrderInput = z.output<typeof orderRequestSchema>;

/** The reconciler first asks about a pending order after a minute. */
export const FIRST_CHECK_DELAY_MS = 60_000;
/** …and gives up on it (failed) a day after it was created. */
export const ORDER_EXPIRY_MS = 24 * 3_600_000;

/** Order ids are `<slug>_<12 random base-36 characters>`: the status page maps them back. */
function newOrderId(slug: string): string {
  const random = crypto.randomBytes(9).readBigUInt64BE().toString(36).padStart(12, '0').slice(-12);
  return `${slug}_${random}`;
}

export type CreateOrderContext = {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  /** The creator's own account the order is made with (issue 27); absent: the platform's. */
  payoutAccountId?: string | null;
  /** Where that account's webhooks arrive; absent: the provider's platform webhook path. */
  webhookPath?: string;
  /** Split settlement (issue 27): the creator's vendor share of an order of this amount. */
  splitOf?: (amountPaise: number) => { vendorId: string; amountPaise: number };
  /** Where the fan's consents came from (issue 29: consent records keep it). */
  consentSource?: ConsentSource;
  /** Seals the fan's phone number (issue 29): it is never stored in clear. */
  personalData: Pick<PersonalData, 'sealPhone'>;
};

/**
 * Creates the donation (payment pending) and the provider order in one step: if the provider
 * refuses or is down, the donation row is removed again and the fan gets a clear error.
 * `fanKey` is the fan's private cookie key (see fan-key.ts). An anonymous tip is stored under
 * the name 'Anonymous' and the name given is dropped, so no presenter can ever show it.
 */
export async function createDonationOrder(
  context: CreateOrderContext,
  streamer: Streamer,
  tipAccess: TipAccess,
  input: OrderInput,
  fanKey: string,
): Promise<OrderResponse> {
  if (!streamer.isActive) {
    throw new AppError(403, 'streamer_inactive', DONATION_MESSAGES.streamerNotAccepting);
  }
  // A page in preview takes no tips; voice and hyperemote tips need their plan (issue 22).
  assertTipAllowed(streamer, tipAccess, input.type);
  if (input.amount_paise < streamer.minAmountPaise) {
    throw badRequest(SETTINGS_MESSAGES.belowMinimum(streamer.minAmountPaise), 'below_minimum');
  }
  if (input.type === 'hyperemote' && input.amount_paise < streamer.hyperemotePricePaise) {
    throw badRequest(DONATION_MESSAGES.hyperemoteTooCheap.description);
  }
  const { db, provider } = context;
  const orderId = newOrderId(streamer.slug);
  const split = context.splitOf?.(input.amount_paise);
  // A voice order takes its upload for itself, or is refused (unknown, expired, already taken).
  const voiceUploadId = input.type === 'voice' ? (input.voice_upload_id ?? null) : null;
  if (voiceUploadId) await claimVoiceUpload(db, voiceUploadId, orderId);
  // A media tip (issue 26): its own minimum, and its upload claimed like a voice message's.
  const mediaUploadId = input.type === 'media' ? (input.media_upload_id ?? null) : null;
  if (mediaUploadId) {
    try {
      await prepareMediaOrder(db, {
        streamerId: streamer.id,
        uploadId: mediaUploadId,
        orderId,
        amountPaise: input.amount_paise,
      });
    } catch (error) {
      if (voiceUploadId) await releaseVoiceUpload(db, voiceUploadId, orderId);
      throw error;
    }
  }
  const isAnonymous = input.anonymous === true;
  const name = isAnonymous ? ANONYMOUS_DONOR_NAME : input.name;
  const [donation] = await insertPendingDonation(db, {
    streamerId: streamer.id,
    orderId,
    name,
    isAnonymous,
    fanKey,
    type: input.type,
    amountPaise: input.amount_paise,
    message: input.message.trim(),
    noticeVersion: noticeVersion('donation'),
    ...context.personalData.sealPhone(input.phone, orderId),
    voiceUploadId,
    mediaUploadId,
    hyperemoteId: input.type === 'hyperemote' ? (input.hyperemote_id ?? null) : null,
    provider: provider.name,
    payoutAccountId: context.payoutAccountId ?? null,
    splitVendorId: split?.vendorId ?? null,
    splitSharePaise: split?.amountPaise ?? null,
    nextCheckAt: new Date(Date.now() + FIRST_CHECK_DELAY_MS),
  } satisfies Record<PendingDonationField, unknown>);
  if (!donation) throw new Error('donation insert returned nothing');
  await recordOrderConsents(
    db,
    donation.id,
    input,
    context.consentSource ?? { ip: null, userAgent: undefined },
  );

  try {
    const created = await provider.createOrder({
      orderId,
      amountPaise: input.amount_paise,
      customer: { name, phone: input.phone },
      returnUrl: `${context.publicUrl}/status?order_id=${encodeURIComponent(orderId)}`,
      ...(split ? { split } : {}),
      notifyUrl: `${context.publicUrl}${context.webhookPath ?? `/api/payments/webhooks/${provider.name}`}`,
    });
    await recordProviderOrder(db, {
      id: donation.id,
      providerOrderId: created.providerOrderId,
      paymentSessionId: created.paymentSessionId,
    });
    return {
      order_id: orderId,
      payment_session_id: created.paymentSessionId,
      payment_url: created.paymentUrl,
      provider: provider.name,
      mode: provider.mode,
    };
  } catch (error) {
    await db.delete(donations).where(eq(donations.id, donation.id));
    if (voiceUploadId) await releaseVoiceUpload(db, voiceUploadId, orderId);
    if (mediaUploadId) await releaseMediaUpload(db, mediaUploadId, orderId);
    throw new AppError(502, 'provider_unavailable', DONATION_MESSAGES.paymentFailed.description, {
      cause: error,
    });
  }
}

/** The fields an order's donation is written with; every other column keeps its default. */
const PENDING_DONATION_FIELDS = [
  'streamerId',
  'orderId',
  'name',
  'isAnonymous',
  'fanKey',
  'type',
  'amountPaise',
  'message',
  'noticeVersion',
  'phoneEnc',
  'phoneHash',
  'phoneMasked',
  'voiceUploadId',
  'mediaUploadId',
  'hyperemoteId',
  'provider',
  'payoutAccountId',
  'splitVendorId',
  'splitSharePaise',
  'nextCheckAt',
] as const;
type PendingDonationField = (typeof PENDING_DONATION_FIELDS)[number];

/** An order's donation, payment pending: a tip's hottest insert, its SQL built once. */
const insertPendingDonation = preparedOnce((db) => {
  const values = Object.fromEntries(
    PENDING_DONATION_FIELDS.map((field) => [field, sql.placeholder(field)]),
  ) as Record<PendingDonationField, Placeholder>;
  return db
    .insert(donations)
    .values({
      ...values,
      // A browser whose supporter row the streamer merged into another counts as that one.
      fanKey: mergedFanKey(values.streamerId, values.fanKey),
    })
    .returning({ id: donations.id });
});

const recordProviderOrder = preparedOnce((db) =>
  db
    .update(donations)
    .set({
      // An update's set takes SQL, not a bare placeholder (both are text columns).
      providerOrderId: sql`${sql.placeholder('providerOrderId')}`,
      paymentSessionId: sql`${sql.placeholder('paymentSessionId')}`,
    })
    .where(eq(donations.id, sql.placeholder('id'))),
);

export async function findDonationByOrderId(
  db: Database,
  orderId: string,
): Promise<Donation | null> {
  const [donation] = await db.select().from(donations).where(eq(donations.orderId, orderId));
  return donation ?? null;
}

export type PaymentChange = {
  donation: Donation;
  previousStatus: Donation['paymentStatus'];
  /** The alert this change put in the outbox, if it made the donation alertable. */
  alertId: number | null;
  /**
   * That alert as overlays receive it, presented from the rows just written, so this
   * instance's overlays get it without reading it back. Null when there is no alert or the
   * streamer is deactivated (whose overlays receive nothing).
   */
  alert: OverlayAlert | null;
};

/** The creator account an order was made with (issue 27); null for the platform's or none. */
export async function payoutAccountIdOfOrder(
  db: Database,
  orderId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ payoutAccountId: donations.payoutAccountId })
    .from(donations)
    .where(eq(donations.orderId, orderId));
  return row?.payoutAccountId ?? null;
}

/** A provider event to record once (unique on provider and event id) with the change it causes. */
export type PaymentEventRecord = typeof paymentEvents.$inferInsert;

export type PaymentOutcome =
  | PaymentChange
  | { rejected: 'amount_mismatch'; donation: Donation }
  /** The event was recorded before: nothing was applied again. */
  | { duplicate: true }
  | null;

/** A donation as a payment change needs it: the row and its streamer's moderation settings. */
export type PaymentTarget = {
  donation: Donation;
  moderationMode: Streamer['moderationMode'];
  blockedWords: Streamer['blockedWords'];
  streamerIsActive: boolean;
  /** A media tip whose streamer holds media for review (issue 26); null for other tips. */
  mediaHeldForReview?: boolean | null;
};

/** Reads the donation an order id names, with what deciding its moderation needs (no lock). */
export async function readPaymentTarget(
  db: Database,
  orderId: string,
): Promise<PaymentTarget | null> {
  const [row] = await selectPaymentTarget(db, { orderId });
  return row ?? null;
}

// The streamer is joined, not read after: a payment's settlement costs no extra round trip.
const selectPaymentTarget = preparedOnce((db) => {
  const streamer = streamerRowsSubquery(db);
  return db
    .select({
      donation: donations,
      moderationMode: streamer.moderationMode,
      blockedWords: streamer.blockedWords,
      streamerIsActive: streamer.isActive,
      mediaHeldForReview: mediaUploads.holdForReview,
    })
    .from(donations)
    .innerJoin(streamer, eq(streamer.id, donations.streamerId))
    .leftJoin(mediaUploads, eq(mediaUploads.id, donations.mediaUploadId))
    .where(eq(donations.orderId, sql.placeholder('orderId')));
});

/** Another writer moved the donation between our read and our write this many times: give up. */
const MAX_RACED_ATTEMPTS = 5;

/**
 * Moves a donation's payment state by what the provider says, and records the provider event
 * that said so (if given) exactly once: a repeated event changes nothing. Allowed: pending →
 * success | failed, failed → success. Success is final. A success whose amount differs from the
 * order is not accepted (logged by the caller). Returns the change, or null when nothing moved.
 *
 * Two round trips on the hot path, and no explicit transaction: the donation is read (callers
 * may pass that read in, made alongside the provider look-up), the change is decided here, and
 * one statement, atomic on its own, locks the donation only if it is still as read, records the
 * event, moves the donation, puts its alert in the outbox and attaches its voice message, each
 * step only if the one before it happened. If another writer moved the donation in between,
 * nothing was written and the decision is made again from a fresh read.
 */
export async function applyPaymentOutcome(
  db: Database,
  orderId: string,
  state: Pick<ProviderOrderState, 'outcome' | 'amountPaise'>,
  event?: PaymentEventRecord,
  alreadyRead?: PaymentTarget | null,
): Promise<PaymentOutcome> {
  let target = alreadyRead === undefined ? await readPaymentTarget(db, orderId) : alreadyRead;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await tryApplyPaymentOutcome(db, target, state, event);
    if (outcome !== 'raced') return outcome;
    if (attempt >= MAX_RACED_ATTEMPTS) {
      throw new Error(`payment for ${orderId} kept racing another writer; the provider retries`);
    }
    target = await readPaymentTarget(db, orderId);
  }
}

async function tryApplyPaymentOutcome(
  db: Database,
  target: PaymentTarget | null,
  state: Pick<ProviderOrderState, 'outcome' | 'amountPaise'>,
  event: PaymentEventRecord | undefined,
): Promise<PaymentOutcome | 'raced'> {
  // Nothing to move: the event is only recorded (a duplicate when it was recorded before).
  const recordOnly = async () =>
    event && !(await recordPaymentEvent(db, event)) ? { duplicate: true as const } : null;
  if (!target) return recordOnly();
  const { donation } = target;
  let change: Pick<Donation, 'paymentStatus' | 'moderationStatus'>;
  if (state.outcome === 'success' && donation.paymentStatus !== 'success') {
    if (state.amountPaise !== donation.amountPaise) {
      return (await recordOnly()) ?? { rejected: 'amount_mismatch', donation };
    }
    change = {
      paymentStatus: 'success',
      // A media tip is held for review whatever the mode, unless the streamer chose otherwise.
      moderationStatus: target.mediaHeldForReview
        ? 'pending'
        : moderationStatusOnPayment(target, donation),
    };
  } else if (state.outcome === 'failed' && donation.paymentStatus === 'pending') {
    change = { paymentStatus: 'failed', moderationStatus: donation.moderationStatus };
  } else {
    return recordOnly();
  }

  const isSuccess = change.paymentStatus === 'success';
  const recorded = event
    ? sql`recorded as (
        insert into ${paymentEvents} (provider, provider_event_id, order_id, event_type, status, payload)
        select ${event.provider}, ${event.providerEventId}, ${event.orderId}, ${event.eventType},
          ${event.status}, ${JSON.stringify(event.payload)}::jsonb
        where exists (select 1 from locked)
        on conflict do nothing returning id),`
    : sql``;
  // The server's one write across several tables (payment_events, donations, alerts,
  // voice_uploads), kept as one statement on purpose: a statement is atomic on its own, so the
  // event, the payment, its alert and its voice message happen together or not at all, even
  // when the server is killed mid-webhook (README, Guarantees), in one round trip and with no
  // transaction left open between round trips. Its alert condition is `alertableSql`, the
  // `isAlertable` rule, applied to the row as changed.
  const result = await db.execute(sql`
    with locked as (
      select id from ${donations}
      where id = ${donation.id} and payment_status = ${donation.paymentStatus}
      for update),
    ${recorded}
    changed as (
      update ${donations} set payment_status = ${change.paymentStatus}
        ${isSuccess ? sql`, next_check_at = null, paid_at = now(), moderation_status = ${change.moderationStatus}` : sql``}
      where id in (select id from locked) ${event ? sql`and exists (select 1 from recorded)` : sql``}
      returning *),
    alerted as (
      insert into ${alerts} (streamer_id, donation_id, kind)
      select streamer_id, id, 'donation' from changed
      where ${alertableSql(donationColumnsOf('changed'))}
      on conflict do nothing returning id, created_at),
    voice as (
      update ${voiceUploads} set donation_id = changed.id from changed
      where ${isSuccess} and voice_uploads.id = changed.voice_upload_id
        and voice_uploads.order_id = changed.order_id
      returning voice_uploads.id, voice_uploads.duration_ms),
    media as (
      update ${mediaUploads} set donation_id = changed.id from changed
      where ${isSuccess} and media_uploads.id = changed.media_upload_id
        and media_uploads.order_id = changed.order_id
      returning media_uploads.id, media_uploads.kind, media_uploads.duration_ms,
        media_uploads.has_audio)
    select (select count(*) from locked) as locked_count,
      (select id from alerted) as alert_id, (select created_at from alerted) as alert_created_at,
      (select id from voice) as voice_id, (select duration_ms from voice) as voice_duration_ms,
      (select id from media) as media_id, (select kind from media) as media_kind,
      (select duration_ms from media) as media_duration_ms,
      (select has_audio from media) as media_has_audio,
      changed.*
    from (select 1) as one left join changed on true`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row || Number(row.locked_count) === 0) return 'raced';
  // Locked as read, yet unchanged: the event was recorded before.
  if (row.id === null || row.id === undefined) return { duplicate: true };
  const changed = donationFromRow(row);
  const alertId = row.alert_id === null ? null : Number(row.alert_id);
  const alert =
    alertId === null || !target.streamerIsActive
      ? null
      : (presentAlertRow({
          alert: { id: alertId, kind: 'donation', createdAt: asDate(row.alert_created_at) },
          donation: changed,
          voice:
            row.voice_id === null
              ? null
              : { id: String(row.voice_id), durationMs: Number(row.voice_duration_ms) },
          media:
            row.media_id === null || row.media_id === undefined
              ? null
              : {
                  id: String(row.media_id),
                  kind: row.media_kind === 'video' ? 'video' : 'image',
                  durationMs: Number(row.media_duration_ms),
                  hasAudio: row.media_has_audio === true || row.media_has_audio === 't',
                },
        })[0] ?? null);
  return { donation: changed, previousStatus: donation.paymentStatus, alertId, alert };
}

/** Records a provider event; false when it was recorded before. */
async function recordPaymentEvent(db: Database, event: PaymentEventRecord): Promise<boolean> {
  const recorded = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

/** A timestamp from a raw row: the drivers give a Date, or text when they do not parse it. */
function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

const donationColumns = Object.entries(getTableColumns(donations));

/** A raw `donations` row (database column names, driver values) as drizzle would map it. */
function donationFromRow(row: Record<string, unknown>): Donation {
  const donation: Record<string, unknown> = {};
  for (const [key, column] of donationColumns) {
    const value = row[column.name];
    donation[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return donation as Donation;
}

/**
 * The donations that count for recent support, leaderboards and goals (`countedSql`, the
 * `isCounted` rule): paid and approved. The `donations_counted_idx` partial index and the
 * supporter_totals trigger use the same rule (see alertable.sql.ts).
 */
function countedDonationsOf(streamerId: string) {
  return and(eq(donations.streamerId, streamerId), countedSql());
}

/**
 * Whether one of a streamer's donations is on the public lists (Recent Support, leaderboards,
 * goal) now: paid and approved, by the rule every list uses.
 */
export async function isCountedDonation(
  db: Database,
  streamerId: string,
  donationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.id, donationId), countedDonationsOf(streamerId)));
  return row !== undefined;
}

/** The last paid and approved donations of a streamer, newest first (Recent Support). */
export async function listRecentApprovedDonations(
  db: Database,
  streamerId: string,
  limit: number,
): Promise<Donation[]> {
  return db
    .select()
    .from(donations)
    .where(countedDonationsOf(streamerId))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit);
}

/**
 * The sum of a streamer's counted donations created in [from, until) (until null: no end),
 * in paise. An index-only range scan of `donations_counted_idx`.
 */
export async function sumCountedDonations(
  db: Database,
  streamerId: string,
  range: { from: Date; until: Date | null },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${donations.amountPaise}), 0)::bigint` })
    .from(donations)
    .where(
      and(
        countedDonationsOf(streamerId),
        gte(donations.createdAt, range.from),
        range.until ? lt(donations.createdAt, range.until) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

export async function listPaymentEventsForOrder(db: Database, orderId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.receivedAt));
}

/**
 * Claims a batch of pending orders due for a provider check by pushing their next check out by
 * a lease, so two instances never ask about the same order at the same time.
 */
export async function claimDueOrders(
  db: Database,
  now: Date,
  options: { limit: number; leaseMs: number },
): Promise<Donation[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: donations.id })
      .from(donations)
      .where(and(eq(donations.paymentStatus, 'pending'), lte(donations.nextCheckAt, now)))
      .orderBy(asc(donations.nextCheckAt))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(donations)
      .set({
        nextCheckAt: new Date(now.getTime() + options.leaseMs),
        checkAttempts: sql`${donations.checkAttempts} + 1`,
      })
      .where(
        inArray(
          donations.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Schedules the next provider check of a still-pending order. */
export async function scheduleNextCheck(db: Database, donationId: string, at: Date): Promise<void> {
  await db
    .update(donations)
    .set({ nextCheckAt: at })
    .where(and(eq(donations.id, donationId), eq(donations.paymentStatus, 'pending')));
}
