import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

export const voiceUploads = pgTable('voice_uploads', {
  id: id(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  durationMs: integer('duration_ms').notNull(),
  donationId: uuid('donation_id'),
  createdAt: createdAt(),
});

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
