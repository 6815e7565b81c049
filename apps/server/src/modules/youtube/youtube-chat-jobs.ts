import { and, eq, sql } from 'drizzle-orm';
import { blockedWordsOf, isAlertable, type YoutubeErrorCode } from '@shabaash/core';
import {
  alerts,
  donations,
  youtubeChatJobs,
  youtubeChatSettings,
  youtubeConnections,
} from '../../db/schema.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import { chatMessageOf } from './youtube-chat-text.ts';
import { YoutubeApiError } from './youtube-client.ts';
import { LIST_COST } from './youtube-quota.ts';
import {
  accessTokenFor,
  chatSettingsOf,
  findConnection,
  recordError,
  unavailableReason,
  type YoutubeConnection,
  type YoutubeContext,
} from './youtube.service.ts';

/** Tries in all for one post; only transient failures (5xx, network, rate limit) try again. */
export const CHAT_MAX_ATTEMPTS = 3;
/** Wait before try n+1: 10 s, then 60 s. A tip posted minutes late is still worth posting. */
export const chatRetryDelayMs = (attempts: number) => (attempts <= 1 ? 10_000 : 60_000);
/** A live chat found by liveBroadcasts.list is trusted this long… */
export const LIVE_CHECK_TTL_MS = 60_000;
/** …and "not live" this long, so a creator who just went live waits little for their chat. */
const NOT_LIVE_TTL_MS = 15_000;
const LEASE_SECONDS = 60;
/** Alerts younger than this may still be joined by a slower transaction's lower id. */
const CURSOR_SETTLE_SECONDS = 60;
const CLAIM_BATCH = 5;

type Outcome =
  | { status: 'posted' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: YoutubeErrorCode }
  | { status: 'retry'; error: YoutubeErrorCode };

/** A YouTube error reason → what the creator is told, and whether trying again may help. */
const REASON_ERRORS: Record<string, YoutubeErrorCode> = {
  liveChatEnded: 'live_chat_ended',
  liveChatNotFound: 'live_chat_ended',
  liveChatDisabled: 'live_chat_disabled',
  rateLimitExceeded: 'rate_limited',
  forbidden: 'forbidden',
  quotaExceeded: 'quota_exceeded',
};

/**
 * Posts paid tips to the creator's YouTube live chat (issue 30), in the background. A job row
 * per alert is added after commit (`requestForAlert`, the webhook's path untouched) and by a
 * sweep over each connected creator's new alerts (approvals from review, a request lost to a
 * restart); jobs are claimed with a lease, so instances share them and a crashed one's are
 * taken again. Every call is reserved in the quota ledger first.
 */
export class YoutubeChatRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private isRunning = false;
  private isClosed = false;
  private current: Promise<void> | null = null;

  constructor(
    private readonly context: YoutubeContext,
    private readonly pollMs = 2000,
  ) {}

  start(): void {
    if (unavailableReason(this.context)) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.timer) clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }

  /** Waits for the pass in progress, then makes one more (tests drive the runner so). */
  async drain(): Promise<void> {
    await this.current;
    await this.runOnce();
    // A pass woken meanwhile may hold a job under its lease: wait for it, and look again.
    while (this.isRunning) {
      await this.current;
      await this.runOnce();
    }
  }

  /** Sweeps and posts now; errors are logged. */
  wake(): void {
    if (this.isClosed || this.isRunning || unavailableReason(this.context)) return;
    this.isRunning = true;
    this.current = this.runOnce()
      .catch((error: unknown) =>
        this.context.log.warn(
          { err: error instanceof Error ? error.message : 'error' },
          'YouTube chat jobs failed',
        ),
      )
      .finally(() => {
        this.isRunning = false;
      });
  }

  /** One pass: new alerts into jobs, then every due job posted (tests call this by hand). */
  async runOnce(): Promise<void> {
    await this.sweep();
    for (;;) {
      if (this.isClosed) return;
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      for (const job of claimed) await this.process(job);
    }
  }

  /** After an alert is committed: adds its chat job when its creator posts tips like it. */
  async requestForAlert(alertId: number): Promise<boolean> {
    if (unavailableReason(this.context)) return false;
    const [row] = await this.context.db
      .select({
        streamerId: alerts.streamerId,
        kind: alerts.kind,
        connectedAt: youtubeConnections.connectedAt,
        cursor: youtubeConnections.alertCursor,
      })
      .from(alerts)
      .innerJoin(youtubeConnections, eq(youtubeConnections.streamerId, alerts.streamerId))
      .where(and(eq(alerts.id, alertId), eq(youtubeConnections.status, 'connected')));
    if (!row || row.kind !== 'donation' || alertId <= row.cursor) return false;
    await this.context.db
      .insert(youtubeChatJobs)
      .values({ alertId, streamerId: row.streamerId })
      .onConflictDoNothing();
    this.wake();
    return true;
  }

  /**
   * Adds jobs for connected creators' donation alerts past their cursor, and moves each cursor
   * past alerts old enough that no slower transaction can still commit one below it.
   */
  async sweep(): Promise<void> {
    const { db } = this.context;
    await db.execute(sql`
      insert into ${youtubeChatJobs} (alert_id, streamer_id)
      select a.id, a.streamer_id from ${youtubeConnections} c
      cross join lateral (
        select id, streamer_id from ${alerts}
        where streamer_id = c.streamer_id and id > c.alert_cursor and kind = 'donation'
        order by id limit 50) a
      where c.status = 'connected'
      on conflict do nothing`);
    await db.execute(sql`
      update ${youtubeConnections} c set alert_cursor = settled.id
      from (
        select c2.streamer_id, max(a.id) as id from ${youtubeConnections} c2
        join ${alerts} a on a.streamer_id = c2.streamer_id and a.id > c2.alert_cursor
        where c2.status = 'connected'
          and a.created_at < now() - make_interval(secs => ${CURSOR_SETTLE_SECONDS})
        group by c2.streamer_id) settled
      where c.streamer_id = settled.streamer_id`);
  }

  private async claim(): Promise<Array<{ alertId: number; attempts: number }>> {
    const result = await this.context.db.execute(sql`
      update ${youtubeChatJobs} set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
        attempts = attempts + 1
      where alert_id in (
        select alert_id from ${youtubeChatJobs}
        where status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, alert_id
        limit ${CLAIM_BATCH}
        for update skip locked)
      returning alert_id, attempts`);
    const rows = (result as unknown as { rows: Array<{ alert_id: unknown; attempts: unknown }> })
      .rows;
    return rows
      .map((row) => ({ alertId: Number(row.alert_id), attempts: Number(row.attempts) }))
      .sort((a, b) => a.alertId - b.alertId);
  }

  private async process(job: { alertId: number; attempts: number }): Promise<void> {
    const { db, log } = this.context;
    let outcome: Outcome;
    try {
      outcome = await this.post(job.alertId);
    } catch (error) {
      // The network, or an answer we do not understand: transient.
      log.warn(
        { alertId: job.alertId, err: error instanceof Error ? error.name : 'error' },
        'YouTube chat post failed',
      );
      outcome = { status: 'retry', error: 'provider_error' };
    }
    const isFinalTry = job.attempts >= CHAT_MAX_ATTEMPTS;
    const status =
      outcome.status === 'retry' ? (isFinalTry ? 'failed' : 'pending') : outcome.status;
    const lastError =
      outcome.status === 'posted'
        ? null
        : outcome.status === 'skipped'
          ? outcome.reason
          : outcome.error;
    await db
      .update(youtubeChatJobs)
      .set({
        status,
        lastError,
        lockedUntil: null,
        nextAttemptAt: new Date(Date.now() + chatRetryDelayMs(job.attempts)),
      })
      .where(eq(youtubeChatJobs.alertId, job.alertId));
  }

  /** One try at posting an alert's tip; throws only for the unexpected. */
  private async post(alertId: number): Promise<Outcome> {
    const { db, ledger, client } = this.context;
    const streamerRows = streamerRowsSubquery(db);
    const [row] = await db
      .select({
        streamerId: alerts.streamerId,
        donation: donations,
        blockedWords: streamerRows.blockedWords,
        settings: youtubeChatSettings,
      })
      .from(alerts)
      .innerJoin(streamerRows, eq(streamerRows.id, alerts.streamerId))
      .innerJoin(donations, eq(donations.id, alerts.donationId))
      .leftJoin(youtubeChatSettings, eq(youtubeChatSettings.streamerId, alerts.streamerId))
      .where(eq(alerts.id, alertId));
    if (!row) return { status: 'skipped', reason: 'no_donation' };
    const settings = chatSettingsOf(row.settings);
    // Held, rejected or hidden since: never posted, as its alert never plays.
    if (!isAlertable(row.donation)) return { status: 'skipped', reason: 'not_alertable' };
    if (!settings.enabled) return { status: 'skipped', reason: 'disabled' };
    if (row.donation.amountPaise < settings.min_amount_paise) {
      return { status: 'skipped', reason: 'below_minimum' };
    }
    const connection = await findConnection(db, row.streamerId);
    if (!connection || connection.status !== 'connected' || !client) {
      return { status: 'skipped', reason: 'not_connected' };
    }
    let accessToken = await accessTokenFor(this.context, connection);
    if (!accessToken) return { status: 'failed', error: 'revoked' };

    const liveChatId = await this.liveChatOf(connection, accessToken);
    if (liveChatId === 'refused') return { status: 'skipped', reason: 'quota' };
    if (!liveChatId) return { status: 'skipped', reason: 'not_live' };

    const text = chatMessageOf({
      name: row.donation.name,
      amountPaise: row.donation.amountPaise,
      message: row.donation.messageVisible ? row.donation.message : '',
      templates: settings.templates,
      blockedWords: blockedWordsOf({ blockedWords: row.blockedWords }),
    });
    for (let authTry = 0; ; authTry += 1) {
      const refusal = await ledger.reserve(row.streamerId, ledger.insertCost);
      if (refusal) {
        await recordError(db, row.streamerId, refusal);
        return { status: 'failed', error: refusal };
      }
      try {
        await client.insertMessage(accessToken, liveChatId, text);
        if (connection.lastErrorCode) await recordError(db, row.streamerId, null);
        return { status: 'posted' };
      } catch (error) {
        if (!(error instanceof YoutubeApiError)) throw error;
        // An access token YouTube no longer takes (expired early, or revoked): refresh once.
        if (error.status === 401 && authTry === 0) {
          accessToken = await accessTokenFor(this.context, connection, { forceRefresh: true });
          if (!accessToken) return { status: 'failed', error: 'revoked' };
          continue;
        }
        return this.outcomeOf(row.streamerId, error);
      }
    }
  }

  /** What a YouTube error means for the job, the cached chat and the ledger. */
  private async outcomeOf(streamerId: string, error: YoutubeApiError): Promise<Outcome> {
    const { db, ledger } = this.context;
    const code =
      REASON_ERRORS[error.reason] ?? (error.isTransient ? 'provider_error' : 'forbidden');
    this.context.log.warn(
      { streamerId, status: error.status, reason: error.reason },
      'YouTube refused a chat message',
    );
    if (code === 'quota_exceeded') await ledger.markExhausted();
    if (code === 'live_chat_ended' || code === 'live_chat_disabled') {
      // The next tip looks for the live chat again (a new stream has a new chat).
      await db
        .update(youtubeConnections)
        .set({ liveChatId: null, liveCheckedAt: null })
        .where(eq(youtubeConnections.streamerId, streamerId));
    }
    await recordError(db, streamerId, code);
    if (error.isTransient) return { status: 'retry', error: code };
    return { status: 'failed', error: code };
  }

  /**
   * The creator's live chat: the one liveBroadcasts.list found in the last minute, or a fresh
   * look-up (one unit, kept for the next tips). Null when not live.
   */
  private async liveChatOf(
    connection: YoutubeConnection,
    accessToken: string,
  ): Promise<string | null | 'refused'> {
    const { db, ledger, client } = this.context;
    const checkedAt = connection.liveCheckedAt?.getTime() ?? 0;
    const ttl = connection.liveChatId ? LIVE_CHECK_TTL_MS : NOT_LIVE_TTL_MS;
    if (Date.now() - checkedAt < ttl) return connection.liveChatId;
    const refusal = await ledger.reserve(connection.streamerId, LIST_COST);
    if (refusal) {
      await recordError(db, connection.streamerId, refusal);
      return 'refused';
    }
    if (!client) return null;
    const liveChatId = await client.activeLiveChatId(accessToken);
    await db
      .update(youtubeConnections)
      .set({ liveChatId, liveCheckedAt: new Date() })
      .where(eq(youtubeConnections.streamerId, connection.streamerId));
    return liveChatId;
  }
}
