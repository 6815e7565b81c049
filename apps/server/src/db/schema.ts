import { sql } from 'drizzle-orm';
import type { AlertSettings, HyperemoteTiers, Language, SocialLink } from '@shabaash/core';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole relational schema. Each domain module owns its tables (STYLE.md); they live in one
 * file so that one migration history describes the database.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

// ── auth ────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable('users', {
  id: id(),
  /** Stored trimmed and lower-cased, so uniqueness is case-insensitive. */
  email: text('email').notNull().unique(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'streamer'] })
    .notNull()
    .default('streamer'),
  createdAt: createdAt(),
  /** When the owner of the address opened its verification link; null: not verified yet. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** The language of the e-mails sent to this user (modules/mail/mail-texts.ts). */
  locale: text('locale', { enum: ['en', 'hi'] })
    .notNull()
    .default('en'),
  /** The privacy notice shown at sign-up (`signup@1`, privacy-notices.ts); null: before notices. */
  noticeVersion: text('notice_version'),
  /**
   * When an admin carried out the account's erasure request (issue 29): the e-mail and name
   * were replaced, the password made unusable and the sign-ins deleted; the row stays so the
   * money records that point at it (plan purchases) keep their link.
   */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

/**
 * E-mail verification links sent at sign-up (and on "resend"): only the SHA-256 of the random
 * token is stored; a link works once (used_at) and until expires_at (24 hours).
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_verification_tokens_user_id_idx').on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * "Forgot password?" links: only the SHA-256 of the random token is stored; a link works once
 * (used_at) and until expires_at (1 hour).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/**
 * Wrong passwords per (e-mail, client address): past a few, that pair waits a delay that doubles
 * with each further failure, while the same account from any other address is not slowed.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** Normalised, and recorded whether or not an account has it (no enumeration). */
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** No attempt from this pair is checked before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.address] }),
    index('login_failures_last_failed_at_idx').on(table.lastFailedAt),
  ],
);

// ── rate limits ─────────────────────────────────────────────────────────────────────────────

/**
 * Fixed-window request counters of the per-address limits (lib/rate-limits.ts), here when
 * the database is PostgreSQL so that every instance counts against the same window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The limit's name and the client address, e.g. `orders:203.0.113.7`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);

// ── streamers ───────────────────────────────────────────────────────────────────────────────

export const streamers = pgTable('streamers', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  brandColor: text('brand_color').notNull(),
  /** Visual theme of the donation page: a colour family, or 'cover' for a cover image. */
  theme: text('theme', { enum: ['cover', 'blue', 'green', 'purple', 'orange', 'pink'] })
    .notNull()
    .default('blue'),
  coverImageUrl: text('cover_image_url'),
  /** 'full' is the standard form; 'simple' is the CodeLive/ArtCreate form with Recent Support. */
  formVariant: text('form_variant', { enum: ['full', 'simple'] })
    .notNull()
    .default('full'),
  showEmotePicker: boolean('show_emote_picker').notNull().default(false),
  hyperemotePricePaise: integer('hyperemote_price_paise').notNull().default(100),
  /** 'auto' approves paid donations at once; 'review' holds them for a moderator. */
  moderationMode: text('moderation_mode', { enum: ['auto', 'review'] })
    .notNull()
    .default('review'),
  /** Words that send a message to review even in auto mode; null means the starter list. */
  blockedWords: text('blocked_words').array(),
  isActive: boolean('is_active').notNull().default(true),
  /** Whether the donation page shows the fan leaderboard; OBS widgets show it regardless. */
  showLeaderboard: boolean('show_leaderboard').notNull().default(true),
  // Creator settings (issue 10). Null in the nullable ones means the default in @shabaash/core.
  /** The uploaded, resized avatar (`/media/files/<id>`), or null for the initial letter. */
  avatarImageUrl: text('avatar_image_url'),
  welcomeText: text('welcome_text').notNull().default(''),
  socialLinks: jsonb('social_links')
    .$type<SocialLink[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The smallest tip the donation page and the order API accept. */
  minAmountPaise: integer('min_amount_paise').notNull().default(100),
  /** The donation form's one-tap amounts; null: DEFAULT_PRESET_AMOUNTS_PAISE. */
  presetAmountsPaise: integer('preset_amounts_paise').array(),
  /** Where hyperemote tiers start; null: DEFAULT_HYPEREMOTE_TIERS. */
  hyperemoteTiers: jsonb('hyperemote_tiers').$type<HyperemoteTiers>(),
  /** Alert variations by donation type and amount; null: DEFAULT_ALERT_SETTINGS. */
  alertSettings: jsonb('alert_settings').$type<AlertSettings>(),
  /** The mobile-number dialog's title; null: DEFAULT_MOBILE_DIALOG_TITLE. */
  mobileDialogTitle: text('mobile_dialog_title'),
  /** What choosing Hyperemotes sets as the message; null: the message is cleared. */
  hyperemoteMessage: text('hyperemote_message'),
  /** Moderators (not the streamer's admins) see donations without their amounts. */
  hideAmountsFromModerators: boolean('hide_amounts_from_moderators').notNull().default(false),
  /** The donation page's and overlay's language until a fan picks another (issue 21). */
  language: text('language').$type<Language>().notNull().default('en-IN'),
  createdAt: createdAt(),
});

/** A streamer row as every module sees it (the streamers module owns the table). */
export type Streamer = typeof streamers.$inferSelect;

export const streamerMembers = pgTable(
  'streamer_members',
  {
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.streamerId, table.userId] }),
    index('streamer_members_user_id_idx').on(table.userId),
  ],
);

/** Old spellings of a slug (music_stream → musicstream); the server redirects them. */
export const slugAliases = pgTable('slug_aliases', {
  alias: text('alias').primaryKey(),
  streamerId: uuid('streamer_id')
    .notNull()
    .references(() => streamers.id, { onDelete: 'cascade' }),
});

// ── donations and payments ─────────────────────────────────────────────────────────────────

export const donations = pgTable(
  'donations',
  {
    id: id(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id),
    /** Our order id, sent to the provider; starts with the streamer's slug and '_'. */
    orderId: text('order_id').notNull().unique(),
    name: text('name').notNull(),
    type: text('type', { enum: ['text', 'voice', 'hyperemote', 'media'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    message: text('message').notNull().default(''),
    messageVisible: boolean('message_visible').notNull().default(true),
    /**
     * The phone number in clear: only in rows written before issue 29, until the start-up step
     * seals it (modules/privacy/personal-data.ts); new rows keep it in `phone_enc` only.
     */
    phone: text('phone'),
    /** The phone number sealed with the personal-data key; null once retention masked it. */
    phoneEnc: text('phone_enc'),
    /** Keyed HMAC of the phone number (blind index): the rights page finds a fan's tips by it. */
    phoneHash: text('phone_hash'),
    /** `98••••••10`: what admins see, and all that stays after retention (RETENTION.fanPhone). */
    phoneMasked: text('phone_masked'),
    /** Set when the fan's erasure request removed the name, message, voice, media and phone. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    voiceUploadId: uuid('voice_upload_id'),
    /** A media tip's re-encoded GIF or video (issue 26), like the voice message's upload. */
    mediaUploadId: uuid('media_upload_id'),
    hyperemoteId: text('hyperemote_id'),
    /**
     * The fan's private, cookie-held random key: with the name it identifies a supporter on the
     * leaderboards. Never leaves the server. Null for donations made before it existed.
     */
    fanKey: text('fan_key'),
    /** The fan tipped anonymously: `name` then holds 'Anonymous'; the name given is not kept. */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** The privacy notice the tip was made under (`donation@1`); null: before notices (issue 29). */
    noticeVersion: text('notice_version'),
    /**
     * When the fan withdrew their stream consent from the receipt page: from then on the name,
     * message and voice are never shown or played (isAlertable, hasStreamConsent); the money
     * record stays and still counts. Null: consent stands (or the tip predates consent records).
     */
    streamConsentWithdrawnAt: timestamp('stream_consent_withdrawn_at', { withTimezone: true }),
    provider: text('provider').notNull(),
    /**
     * The creator's own gateway account the order was made with (issue 27), or null for the
     * operator's account. Kept with the order so that switching accounts never loses it.
     */
    payoutAccountId: uuid('payout_account_id').references(() => payoutAccounts.id),
    /**
     * The Cashfree Easy Split vendor (the creator) the order's split pays, and that share, for
     * a tip paid through the platform account with split settlement (issue 27).
     */
    splitVendorId: text('split_vendor_id'),
    splitSharePaise: integer('split_share_paise'),
    providerOrderId: text('provider_order_id'),
    paymentSessionId: text('payment_session_id'),
    paymentStatus: text('payment_status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    moderationStatus: text('moderation_status', {
      enum: ['pending', 'approved', 'auto_approved', 'rejected'],
    })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: text('moderated_by'),
    /** Next time the reconciler asks the provider about a pending order. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('donations_streamer_created_idx').on(table.streamerId, table.createdAt),
    // One donor's tips, newest first: the analytics history's donor line (issue 28).
    index('donations_donor_idx').on(table.streamerId, table.fanKey, table.name, table.createdAt),
    index('donations_phone_hash_idx')
      .on(table.phoneHash)
      .where(sql`${table.phoneHash} IS NOT NULL`),
    index('donations_pending_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
    // The donations that count (paid and approved), by time, with the amount for index-only
    // sums: goal progress, recent supporters, and rebuilding supporter_totals.
    index('donations_counted_idx')
      .on(table.streamerId, table.createdAt, table.amountPaise)
      .where(
        sql`${table.paymentStatus} = 'success' AND ${table.moderationStatus} IN ('approved', 'auto_approved')`,
      ),
  ],
);

/**
 * Consents and declarations a person gave (issue 29, DPDP Rules): who (a donation or a user),
 * under which notice version, for which purpose, when, from where (address and a browser
 * summary), and when withdrawn. A record is never deleted while its subject exists: a withdrawal
 * sets `withdrawn_at`, so the history of what was agreed stays provable.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** CONSENT_PURPOSES: stream_display, marketing, age_18_plus. */
    purpose: text('purpose', { enum: ['stream_display', 'marketing', 'age_18_plus'] }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgentSummary: text('user_agent_summary'),
    /** Where the withdrawal came from, like the two above. */
    withdrawnIpAddress: text('withdrawn_ip_address'),
    withdrawnUserAgentSummary: text('withdrawn_user_agent_summary'),
  },
  (table) => [
    index('consent_records_donation_idx').on(table.donationId),
    index('consent_records_user_idx').on(table.userId),
    check(
      'consent_records_one_subject',
      sql`(${table.donationId} is null) <> (${table.userId} is null)`,
    ),
  ],
);

/** Every webhook and provider look-up, recorded once per provider event id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    orderId: text('order_id').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_events_provider_event_uq').on(table.provider, table.providerEventId),
    index('payment_events_order_idx').on(table.orderId),
  ],
);

// ── alerts and overlays ────────────────────────────────────────────────────────────────────

/** The outbox overlays replay from; the id is the SSE event id, so it only grows. */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    donationId: uuid('donation_id').references(() => donations.id),
    kind: text('kind', { enum: ['donation', 'test'] }).notNull(),
    createdAt: createdAt(),
    shownAt: timestamp('shown_at', { withTimezone: true }),
  },
  (table) => [
    index('alerts_streamer_id_idx').on(table.streamerId, table.id),
    uniqueIndex('alerts_donation_uq').on(table.donationId),
  ],
);

export const obsTokens = pgTable(
  'obs_tokens',
  {
    id: id(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('obs_tokens_one_active_uq')
      .on(table.streamerId)
      .where(sql`${table.isActive}`),
  ],
);

// ── leaderboards and goals ─────────────────────────────────────────────────────────────────

/**
 * Supporters' running totals per leaderboard window, so a leaderboard is one short index scan
 * however many donations a streamer has. Maintained only by the `donations_supporter_totals`
 * trigger (migration 0005), in the same transaction as the donation change that moves a total;
 * `rebuild_supporter_totals(streamer_id)` recomputes a streamer's rows from donations.
 * `period` is 'day' | 'week' | 'month' | 'all'; `period_start` is the India-calendar day, the
 * Monday, the first of the month, or 1970-01-01 for all time.
 */
export const supporterTotals = pgTable(
  'supporter_totals',
  {
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['day', 'week', 'month', 'all'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** The donation's fan key, or its id when it has none (such tips are never merged). */
    donorKey: text('donor_key').notNull(),
    name: text('name').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    tipCount: integer('tip_count').notNull(),
    /** The latest counted tip: among equal totals, whoever got there first ranks first. */
    lastTipAt: timestamp('last_tip_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.streamerId, table.period, table.periodStart, table.donorKey, table.name],
    }),
    index('supporter_totals_rank_idx').on(
      table.streamerId,
      table.period,
      table.periodStart,
      table.amountPaise.desc().nullsFirst(),
      table.lastTipAt,
    ),
  ],
);

/**
 * Supporters a streamer merged (issue 32): a fan key that now counts as another. New tips from
 * `fromKey` are stored under `intoKey`; earlier ones were moved when the rows were merged.
 */
export const supporterMerges = pgTable(
  'supporter_merges',
  {
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    fromKey: text('from_key').notNull(),
    intoKey: text('into_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.streamerId, table.fromKey] })],
);

/** Donation goals; one open goal per streamer (closing it keeps the row as history). */
export const goals = pgTable(
  'goals',
  {
    id: id(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    targetPaise: bigint('target_paise', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Set when the streamer removes the goal or replaces it with a new one. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('goals_one_open_uq')
      .on(table.streamerId)
      .where(sql`${table.closedAt} IS NULL`),
  ],
);

// ── analytics (issue 28) ───────────────────────────────────────────────────────────────────

/**
 * Tips per India-calendar day, type, payment and moderation status: the history's filtered
 * count and total and the charts' daily revenue read a few hundred of these rows instead of a
 * million donations. Maintained only by the `donations_tip_totals` trigger (migration 0015), in
 * the transaction that changes a donation; `rebuild_tip_totals(streamer_id)` recomputes them.
 */
export const tipDayTotals = pgTable(
  'tip_day_totals',
  {
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    paymentStatus: text('payment_status').notNull(),
    moderationStatus: text('moderation_status').notNull(),
    tipCount: integer('tip_count').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.streamerId,
        table.day,
        table.type,
        table.paymentStatus,
        table.moderationStatus,
      ],
    }),
  ],
);

/** Paid tips per India day and hour (0–23): the charts' best hours. Same trigger. */
export const tipHourTotals = pgTable(
  'tip_hour_totals',
  {
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull(),
    tipCount: integer('tip_count').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.streamerId, table.day, table.hour] })],
);

// ── telegram ───────────────────────────────────────────────────────────────────────────────

export const streamerModerators = pgTable(
  'streamer_moderators',
  {
    id: id(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    /** Telegram ids can exceed 32 bits (up to 52 significant bits). */
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('streamer_moderators_uq').on(table.streamerId, table.telegramUserId)],
);

/**
 * The language each Telegram user's app is set to (the `language_code` of their updates, kept
 * as one of ours), so the bot writes to a moderator in Hindi or English (issue 21).
 */
export const telegramUserLanguages = pgTable('telegram_user_languages', {
  telegramUserId: bigint('telegram_user_id', { mode: 'number' }).primaryKey(),
  locale: text('locale', { enum: ['en', 'hi'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── uploads ────────────────────────────────────────────────────────────────────────────────

export const voiceUploads = pgTable(
  'voice_uploads',
  {
    id: id(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The order that named this upload; set once, atomically, so no two orders share it. */
    orderId: text('order_id').unique(),
    /** Set when that order is paid: the upload is then the donation's voice message. */
    donationId: uuid('donation_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // The cleanup job looks for old uploads that never became a donation's voice message.
    index('voice_uploads_unattached_idx')
      .on(table.createdAt)
      .where(sql`${table.donationId} IS NULL`),
  ],
);

/**
 * Media tips' files (issue 26): only the re-encoded output is stored. The life cycle is the
 * voice upload's: claimed by one order, attached when it is paid, deleted after 24 h unpaid,
 * and deleted (row and file) when a moderator rejects the tip.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: id(),
    /** The page it was uploaded for: its limits were applied, and only its orders may claim it. */
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    hasAudio: boolean('has_audio').notNull().default(false),
    /** The streamer's "hold for review" when the order claimed it: decides moderation on payment. */
    holdForReview: boolean('hold_for_review').notNull().default(true),
    orderId: text('order_id').unique(),
    donationId: uuid('donation_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('media_uploads_unattached_idx')
      .on(table.createdAt)
      .where(sql`${table.donationId} IS NULL`),
  ],
);

/** A streamer's media-tip settings (issue 26); no row: DEFAULT_MEDIA_TIP_SETTINGS (off). */
export const streamerMediaSettings = pgTable('streamer_media_settings', {
  streamerId: uuid('streamer_id')
    .primaryKey()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  minAmountPaise: integer('min_amount_paise').notNull(),
  maxBytes: integer('max_bytes').notNull(),
  maxDurationMs: integer('max_duration_ms').notNull(),
  allowAudio: boolean('allow_audio').notNull(),
  holdForReview: boolean('hold_for_review').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── site ───────────────────────────────────────────────────────────────────────────────────

/** Sign-up leads from the marketing site. */
export const userSignups = pgTable('user_signups', {
  id: id(),
  name: text('name').notNull(),
  /**
   * The mobile number in clear: only in rows written before its encryption (issue 29), until
   * the start-up step seals it (modules/privacy/personal-data.ts); new rows keep it sealed only.
   */
  mobileNumber: text('mobile_number'),
  /** The mobile number sealed with the personal-data key, bound to the row's id. */
  mobileNumberEnc: text('mobile_number_enc'),
  youtubeChannel: text('youtube_channel').notNull(),
  /** Stored trimmed and lower-cased, so a second sign-up in another case is a duplicate. */
  email: text('email').notNull().unique(),
  instagramHandle: text('instagram_handle'),
  plan: text('plan'),
  /** The privacy notice shown with the form (`lead@1`); null: before notices (issue 29). */
  noticeVersion: text('notice_version'),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** The phone in clear: only in rows from before its encryption (issue 29), until sealed. */
  phone: text('phone'),
  /** The phone sealed with the personal-data key, bound to the row's id; null: none given. */
  phoneEnc: text('phone_enc'),
  message: text('message').notNull(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
  /** The privacy notice shown with the form (`contact@1`); null: before notices (issue 29). */
  noticeVersion: text('notice_version'),
  createdAt: createdAt(),
});

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── settings, admin console ────────────────────────────────────────────────────────────────

/** Images and sounds streamers upload for their page and alerts; served at /media/files/:id. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: id(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'cover', 'alert_image', 'alert_sound'] }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('media_files_streamer_idx').on(table.streamerId, table.kind)],
);

/**
 * Every settings and admin-console change: who, when, the old and the new value. Written in
 * the transaction of the change; never updated.
 */
export const settingsAudit = pgTable(
  'settings_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for site-wide settings (the home page video). */
    streamerId: uuid('streamer_id').references(() => streamers.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text, so the record outlives the account. */
    actorEmail: text('actor_email').notNull(),
    section: text('section').notNull(),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createdAt: createdAt(),
  },
  (table) => [index('settings_audit_streamer_idx').on(table.streamerId, table.id)],
);

/** One-time sign-up links: an e-mail invited to a streamer before it has an account. */
export const invites = pgTable(
  'invites',
  {
    id: id(),
    /** SHA-256 of the code in the link; the code itself is never stored. */
    codeHash: text('code_hash').notNull().unique(),
    /** Trimmed and lower-cased, like users.email. */
    email: text('email').notNull(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('invites_streamer_idx').on(table.streamerId, table.email)],
);

// ── sandbox gateway ────────────────────────────────────────────────────────────────────────

/**
 * The built-in sandbox gateway's own ledger. It plays the part of a payment provider's
 * database: our donation state learns about it only through signed webhooks and look-ups.
 */
export const sandboxOrders = pgTable('sandbox_orders', {
  orderId: text('order_id').primaryKey(),
  amountPaise: integer('amount_paise').notNull(),
  customerName: text('customer_name').notNull(),
  /** ACTIVE until paid; PAID once a payment succeeds; EXPIRED after its expiry time. */
  status: text('status', { enum: ['ACTIVE', 'PAID', 'EXPIRED'] })
    .notNull()
    .default('ACTIVE'),
  /** Payment attempts, oldest first: { payment_id, payment_status, payment_amount, payment_time }. */
  payments: jsonb('payments')
    .notNull()
    .default(sql`'[]'::jsonb`),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * How many overlay streams each server instance holds per streamer, refreshed while it runs,
 * so "active connections" counts every instance and forgets one that died.
 */
export const overlayPresence = pgTable(
  'overlay_presence',
  {
    instanceId: text('instance_id').notNull(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    connections: integer('connections').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.instanceId, table.streamerId] })],
);

// ── stream control (issue 24) ───────────────────────────────────────────────────────────────

/**
 * One row per streamer who has used the stream controls: whether alerts are paused or muted (a
 * fresh overlay starts that way, on any instance), and what an overlay last said it was playing,
 * so the activity feed can show it. No row means neither paused nor muted.
 */
export const streamControls = pgTable('stream_controls', {
  streamerId: uuid('streamer_id')
    .primaryKey()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  isPaused: boolean('is_paused').notNull().default(false),
  isMuted: boolean('is_muted').notNull().default(false),
  /** The alert on screen as an overlay last reported it (null: nothing playing). */
  playingAlertId: bigint('playing_alert_id', { mode: 'number' }),
  /** Alerts waiting behind it on that overlay. */
  waitingCount: integer('waiting_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── operations: scheduled backups (issue 31) ────────────────────────────────────────────────

/**
 * One row per scheduled backup: the India-time slot it belongs to (unique, so two instances
 * never take the same day's backup twice), where it was written, what its check found, and
 * when retention deleted it. The admin console reads its state from here.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    /** The scheduled time this run is for (a missed slot is taken late, under its own slot). */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['running', 'verified', 'failed'] }).notNull(),
    /** Where the file is: a path under DATA_DIR/backups, or a key in the S3 bucket. */
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    rows: integer('rows'),
    tables: integer('tables'),
    /** Upload files copied beside it (local storage only; on S3 the bucket keeps them). */
    uploadFiles: integer('upload_files'),
    /** Why it failed, in words for the operator. */
    error: text('error'),
    /** True when the slot's time had passed long before the run (the server was down). */
    isLate: boolean('is_late').notNull().default(false),
    instanceId: text('instance_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when retention removed the files; the row stays as the history. */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('backup_runs_slot_idx').on(table.slot)],
);

// ── plans (issue 22) ────────────────────────────────────────────────────────────────────────

/**
 * A plan order: paid through the same provider, webhooks and reconciler as a tip, with its own
 * row because it buys a plan rather than tipping. Order ids are `plan_<random>` ('plan' is a
 * reserved slug, so no tip order id looks like one).
 */
export const planPurchases = pgTable(
  'plan_purchases',
  {
    id: id(),
    orderId: text('order_id').notNull().unique(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    /** Who bought it (a member of the page); the receipt goes to them. */
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: text('plan_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    paymentSessionId: text('payment_session_id'),
    paymentStatus: text('payment_status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Next time the reconciler asks the provider about a pending order. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('plan_purchases_streamer_idx').on(table.streamerId, table.createdAt),
    index('plan_purchases_pending_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
  ],
);

/** The plans a page holds now: one row per plan, from a purchase or an admin's grant. */
export const streamerPlans = pgTable(
  'streamer_plans',
  {
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    source: text('source', { enum: ['purchase', 'admin'] }).notNull(),
    /** The purchase that granted (or last extended) it; null for an admin's grant. */
    purchaseId: uuid('purchase_id').references(() => planPurchases.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** When Monthly Hosting ends; null for the one-time plans. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The renewal reminder for the current end date went out (reset when it is extended). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.streamerId, table.planId] })],
);

// ── speech (issue 23) ──────────────────────────────────────────────────────────────────────

/**
 * A streamer's speech settings; no row means the defaults (DEFAULT_SPEECH_SETTINGS: on).
 * Voices are provider voice ids; one the configured provider lacks falls back to its default.
 */
export const streamerSpeechSettings = pgTable('streamer_speech_settings', {
  streamerId: uuid('streamer_id')
    .primaryKey()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  minAmountPaise: integer('min_amount_paise').notNull(),
  maxChars: integer('max_chars').notNull(),
  volume: integer('volume').notNull(),
  readVoiceTips: boolean('read_voice_tips').notNull(),
  voiceHi: text('voice_hi').notNull(),
  voiceEn: text('voice_en').notNull(),
  templateHi: text('template_hi').notNull(),
  templateEn: text('template_en').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rendered speech, shared by every alert that reads the same words with the same voice and
 * provider (the cache): `cache_key` is a hash of the three. The file lives in file storage.
 */
export const speechClips = pgTable('speech_clips', {
  id: id(),
  cacheKey: text('cache_key').notNull().unique(),
  provider: text('provider').notNull(),
  voice: text('voice').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * One speech job per alert that is read aloud: the background runner claims due jobs with a
 * lease (`locked_until`), so a crashed instance's job is picked up again, and retries a failed
 * render with back-off until `attempts` runs out.
 */
export const speechJobs = pgTable(
  'speech_jobs',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    clipId: uuid('clip_id').references(() => speechClips.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('speech_jobs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

// ── YouTube live chat (issue 30) ───────────────────────────────────────────────────────────

/**
 * A streamer's YouTube channel, connected with Google's OAuth. The tokens are encrypted
 * (lib/secrets.ts) and never leave the server. `status` 'revoked': Google refused the refresh
 * token (the creator removed access), the tokens are gone and the creator is told to connect
 * again. The live chat found by liveBroadcasts.list is kept briefly (`live_checked_at`).
 */
export const youtubeConnections = pgTable('youtube_connections', {
  streamerId: uuid('streamer_id')
    .primaryKey()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['connected', 'revoked'] })
    .notNull()
    .default('connected'),
  channelId: text('channel_id').notNull(),
  channelTitle: text('channel_title').notNull(),
  accessTokenEnc: text('access_token_enc'),
  refreshTokenEnc: text('refresh_token_enc'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  liveChatId: text('live_chat_id'),
  liveCheckedAt: timestamp('live_checked_at', { withTimezone: true }),
  /** Alerts up to this id have been looked at by the sweep (older ones are never posted). */
  alertCursor: bigint('alert_cursor', { mode: 'number' }).notNull().default(0),
  lastErrorCode: text('last_error_code'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a streamer posts to their chat: on or off, the minimum tip, and the template. */
export const youtubeChatSettings = pgTable('youtube_chat_settings', {
  streamerId: uuid('streamer_id')
    .primaryKey()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(true),
  minAmountPaise: integer('min_amount_paise').notNull(),
  /** JSON `{ hi, en }`: the message per language, with {amount}, {name} and {message}; null: the defaults. */
  template: text('template'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An OAuth round trip in progress: the state (stored as its SHA-256) is bound to the session
 * that started it and to the streamer; the PKCE verifier is encrypted. Ten minutes to live.
 */
export const youtubeOauthStates = pgTable('youtube_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  streamerId: uuid('streamer_id')
    .notNull()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  codeVerifierEnc: text('code_verifier_enc').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One chat post per alert, claimed with a lease and retried with back-off (as speech_jobs). */
export const youtubeChatJobs = pgTable(
  'youtube_chat_jobs',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'posted', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('youtube_chat_jobs_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * The YouTube quota ledger: units spent per Pacific-time day (YouTube's reset) and streamer.
 * The project's quota is shared by every creator, so posting stops at a share of it.
 */
export const youtubeQuotaUsage = pgTable(
  'youtube_quota_usage',
  {
    day: date('day').notNull(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.streamerId] })],
);

/** A Pacific-time day on which YouTube answered quotaExceeded: no more calls until it ends. */
export const youtubeQuotaDays = pgTable('youtube_quota_days', {
  day: date('day').primaryKey(),
  exhaustedAt: timestamp('exhausted_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── payouts (issue 27) ──────────────────────────────────────────────────────────────────────

/**
 * A creator's own payment-gateway account: tips on their page are paid straight into it. A
 * replaced or removed account is retired, not deleted, so orders made with it are still looked
 * up and their webhooks still verified; at most one account per page is current.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: id(),
    streamerId: uuid('streamer_id')
      .notNull()
      .references(() => streamers.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: ['cashfree', 'razorpay'] }).notNull(),
    environment: text('environment', { enum: ['sandbox', 'production'] }).notNull(),
    /** The public half of the keys (Cashfree's App ID, Razorpay's Key ID). */
    keyId: text('key_id').notNull(),
    /** The secret key, sealed with SECRETS_KEY (lib/secrets.ts); never leaves the server. */
    secretEnc: text('secret_enc').notNull(),
    /** The secret's last four characters, the only part the dashboard shows. */
    secretLast4: text('secret_last4').notNull(),
    /**
     * Razorpay's webhook secret (set per webhook in the creator's Razorpay dashboard, distinct
     * from the key secret), sealed like the secret; null for Cashfree, which signs with the key.
     */
    webhookSecretEnc: text('webhook_secret_enc'),
    webhookSecretLast4: text('webhook_secret_last4'),
    /** active: the keys worked at the last call; failing: the gateway refused them. */
    status: text('status', { enum: ['active', 'failing'] })
      .notNull()
      .default('active'),
    /** Why the account is failing, as an error code the dashboard explains. */
    failureCode: text('failure_code'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_accounts_current_idx')
      .on(table.streamerId)
      .where(sql`${table.retiredAt} IS NULL`),
  ],
);

/**
 * A creator onboarded as a Cashfree Easy Split vendor of the platform account (issue 27): each
 * tip's share is settled by Cashfree straight to the creator's bank account or UPI ID. Only
 * masked identifiers are kept; the full PAN and account number go to Cashfree alone.
 */
export const payoutVendors = pgTable('payout_vendors', {
  streamerId: uuid('streamer_id')
    .primaryKey()
    .references(() => streamers.id, { onDelete: 'cascade' }),
  /** Our id for the vendor at Cashfree (`sb_` + the streamer id without dashes). */
  vendorId: text('vendor_id').notNull().unique(),
  legalName: text('legal_name').notNull(),
  panLast4: text('pan_last4').notNull(),
  /** `bank ••••1234` or the UPI ID's masked form: what the dashboard shows. */
  payoutTo: text('payout_to').notNull(),
  /** pending: Cashfree is verifying; active: splits settle; rejected: blocked or deleted. */
  status: text('status', { enum: ['pending', 'active', 'rejected'] })
    .notNull()
    .default('pending'),
  /** Cashfree's own status word (IN_BENE_CREATION, ACTIVE, BLOCKED, …). */
  gatewayStatus: text('gateway_status').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

// ── personal data (issue 29) ───────────────────────────────────────────────────────────────

/**
 * One-time codes the rights page sends by SMS: only a keyed hash of the code is stored, bound to
 * the phone's blind index; a code works once, for 10 minutes, and for 5 wrong tries.
 */
export const privacyCodes = pgTable(
  'privacy_codes',
  {
    id: id(),
    phoneHash: text('phone_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('privacy_codes_phone_idx').on(table.phoneHash, table.createdAt)],
);

/**
 * A fan's proven identity on the rights page: either a phone's blind index (a code was
 * entered) or one order id (the receipt's private link). Only the token's SHA-256 is stored.
 */
export const privacySessions = pgTable('privacy_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  phoneHash: text('phone_hash'),
  orderId: text('order_id'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Every rights request (DPDP Act ss.11–13): who (a phone's blind index, an order id or a user
 * id, never the clear number), what, how they proved it, and when it was answered. Fans'
 * requests are answered at once; a creator's account erasure stays open for the operator.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    subjectKind: text('subject_kind', { enum: ['fan', 'creator'] }).notNull(),
    subjectRef: text('subject_ref').notNull(),
    kind: text('kind', { enum: ['access', 'download', 'correction', 'erasure'] }).notNull(),
    verifiedBy: text('verified_by', { enum: ['sms_code', 'receipt_link', 'signed_in'] }).notNull(),
    status: text('status', { enum: ['open', 'completed'] }).notNull(),
    /** What was done, in numbers and words (never the personal data itself). */
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** The answer time the README promises (RIGHTS_ANSWER_DAYS). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('privacy_requests_created_idx').on(table.createdAt)],
);

/** One row per retention pass: what it masked and deleted (the admin console's Privacy tab). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: id(),
    instanceId: text('instance_id').notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed'] }).notNull(),
    /** Rows and files affected per RETENTION kind, e.g. { fanPhone: 3, voiceAndMedia: 1 }. */
    counts: jsonb('counts')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('retention_runs_started_idx').on(table.startedAt)],
);
