import { sql } from 'drizzle-orm';
import type { AlertSettings, HyperemoteTiers, SocialLink } from '@shabaash/core';
import {
  bigint,
  bigserial,
  boolean,
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
});

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
  /** Moderators (not the streamer's admins) see donations without their amounts. */
  hideAmountsFromModerators: boolean('hide_amounts_from_moderators').notNull().default(false),
  createdAt: createdAt(),
});

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
    type: text('type', { enum: ['text', 'voice', 'hyperemote'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    message: text('message').notNull().default(''),
    messageVisible: boolean('message_visible').notNull().default(true),
    /** Personal data for the payment provider only; never leaves through a public presenter. */
    phone: text('phone').notNull(),
    voiceUploadId: uuid('voice_upload_id'),
    hyperemoteId: text('hyperemote_id'),
    /**
     * The fan's private, cookie-held random key: with the name it identifies a supporter on the
     * leaderboards. Never leaves the server. Null for donations made before it existed.
     */
    fanKey: text('fan_key'),
    /** The fan tipped anonymously: `name` then holds 'Anonymous'; the name given is not kept. */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    provider: text('provider').notNull(),
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

// ── site ───────────────────────────────────────────────────────────────────────────────────

/** Sign-up leads from the marketing site. */
export const userSignups = pgTable('user_signups', {
  id: id(),
  name: text('name').notNull(),
  mobileNumber: text('mobile_number').notNull(),
  youtubeChannel: text('youtube_channel').notNull(),
  /** Stored trimmed and lower-cased, so a second sign-up in another case is a duplicate. */
  email: text('email').notNull().unique(),
  instagramHandle: text('instagram_handle'),
  plan: text('plan'),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
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
