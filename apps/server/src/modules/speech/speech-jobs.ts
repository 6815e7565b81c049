import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  blockedWordsOf,
  isAlertable,
  TEST_ALERT_DONATION,
  type OverlaySpeech,
} from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseConnection } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  alerts,
  donations,
  speechClips,
  speechJobs,
  streamerSpeechSettings,
} from '../../db/schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  SpeechProviderError,
  type RenderedSpeech,
  type SpeechProvider,
  type SpeechRequest,
} from './speech-provider.ts';
import { streamerRowsSubquery } from '../streamers/streamers.repository.ts';
import { prepareSpeech, type PreparedSpeech } from './speech-text.ts';
import { shouldReadAloud, speechSettingsOf } from './speech.service.ts';

/** Tries in all for one alert's speech; a render that fails for good plays the alert silent. */
export const SPEECH_MAX_ATTEMPTS = 4;
/** Wait before try n+1: 1 s, 4 s, 16 s. Speech later than the overlay's wait still serves a replay. */
export const speechRetryDelayMs = (attempts: number) => 1000 * 4 ** (attempts - 1);
/** A claimed job whose instance died is claimed again after this. */
const LEASE_SECONDS = 60;

export type SpeechRunnerOptions = {
  db: Database;
  /**
   * How the runner writes its jobs' and clips' state: without waiting for the disk flush. A
   * crash may lose the last of these writes, which only leaves a job to be claimed and
   * rendered again.
   */
  writeWithoutFlushWait: DatabaseConnection['writeWithoutFlushWait'];
  storage: FileStorage;
  provider: SpeechProvider;
  log: FastifyBaseLogger;
  /** Renders at once on this instance (SPEECH_CONCURRENCY). */
  concurrency: number;
  /** How often due jobs (retries, a dead instance's) are looked for without a wake-up. */
  pollMs?: number;
  /**
   * Resolves at a moment when no write request (a payment webhook, an order) is in flight:
   * each background step waits for one, so speech never queues in front of a webhook.
   */
  waitForQuiet?: () => Promise<void>;
};

/** The alert, donation and settings a speech render reads. */
type AlertForSpeech = {
  alertId: number;
  streamerId: string;
  kind: 'donation' | 'test';
  donation: typeof donations.$inferSelect | null;
  blockedWords: string[] | null;
  settings: typeof streamerSpeechSettings.$inferSelect | null;
};

/**
 * The speech background job (issue 23). When an alert is written, `requestForAlert` (called
 * after commit, never on the webhook's path) adds a job when the alert is to be read aloud;
 * the runner claims due jobs with a lease (so several instances share the work and a crashed
 * one's jobs are picked up again), renders at most `concurrency` at a time, keeps each clip in
 * file storage and in a cache keyed by words, voice and provider, and retries with back-off.
 */
export class SpeechRunner {
  private active = 0;
  /** A claim is running: a job committed meanwhile may be missing from what it finds. */
  private claiming = false;
  /** A wake came during a claim: look again once it ends, rather than wait for the poll. */
  private wokenWhileClaiming = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private isClosed = false;
  /** Renders in flight, so close() can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: SpeechRunnerOptions) {}

  get provider(): SpeechProvider {
    return this.options.provider;
  }

  /** Where the clips are kept (voice messages' storage: local folder or S3). */
  get storage(): FileStorage {
    return this.options.storage;
  }

  /** Polls for due jobs every `pollMs` (background jobs on; tests drive `runDue` by hand). */
  start(): void {
    const pollMs = this.options.pollMs ?? 2000;
    this.timer = setInterval(() => this.wake(), pollMs);
    this.timer.unref();
  }

  /**
   * Stops at once rather than waiting for renders in flight (a niced eSpeak render on a busy
   * machine can take seconds, and a draining instance should not): the provider is stopped
   * first, and each interrupted job is handed back for another instance to render now.
   */
  async close(): Promise<void> {
    this.isClosed = true;
    if (this.timer) clearInterval(this.timer);
    await this.options.provider.close();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due jobs now (after a new job, or on the poll); errors are logged. */
  wake(): void {
    if (this.isClosed) return;
    this.runDue().catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'speech jobs could not be claimed'),
    );
  }

  /**
   * After an alert is committed: adds its speech job when it is to be read aloud, then wakes
   * the runner. Resolves to what the overlay will find ('none' or 'pending'); idempotent.
   */
  async requestForAlert(alertId: number): Promise<'none' | 'pending'> {
    await this.waitForQuiet();
    return this.addJob(alertId);
  }

  private async addJob(alertId: number): Promise<'none' | 'pending'> {
    const alert = await this.loadAlert(alertId);
    if (!alert || !this.isReadAloud(alert)) return 'none';
    await this.options.writeWithoutFlushWait((writer) =>
      insertSpeechJob(writer, { alertId, streamerId: alert.streamerId }),
    );
    this.wake();
    return 'pending';
  }

  /** Where an alert's speech stands, for its overlay (which asks until it is ready). */
  async statusForAlert(streamerId: string, alertId: number): Promise<OverlaySpeech> {
    const [job] = await this.options.db
      .select({
        status: speechJobs.status,
        clipId: speechJobs.clipId,
        volume: streamerSpeechSettings.volume,
      })
      .from(speechJobs)
      .leftJoin(
        streamerSpeechSettings,
        eq(streamerSpeechSettings.streamerId, speechJobs.streamerId),
      )
      .where(and(eq(speechJobs.alertId, alertId), eq(speechJobs.streamerId, streamerId)));
    if (!job) {
      // No job yet: the after-commit request was lost (a restart) or has not run; ask now.
      const alert = await this.loadAlert(alertId);
      if (!alert || alert.streamerId !== streamerId) return { status: 'none' };
      return { status: await this.addJob(alertId) };
    }
    if (job.status === 'ready' && job.clipId) {
      const volume = job.volume ?? speechSettingsOf(null, this.provider).volume;
      return { status: 'ready', url: `/media/speech/${job.clipId}`, volume };
    }
    return { status: job.status === 'failed' ? 'failed' : 'pending' };
  }

  /** Claims due jobs up to the free slots and renders each; resolves when they are started. */
  async runDue(): Promise<void> {
    if (this.isClosed) return;
    if (this.claiming) {
      this.wokenWhileClaiming = true;
      return;
    }
    // With every slot rendering, the end of a render wakes the runner.
    const free = this.options.concurrency - this.active;
    if (free <= 0) return;
    this.claiming = true;
    let claimed: Array<{ alertId: number; attempts: number }> = [];
    try {
      await this.waitForQuiet();
      claimed = await this.claim(free);
    } finally {
      this.claiming = false;
    }
    this.active += claimed.length;
    if (this.wokenWhileClaiming) {
      this.wokenWhileClaiming = false;
      this.wake();
    }
    for (const job of claimed) {
      const run = this.render(job).finally(() => {
        this.active -= 1;
        this.inFlight.delete(run);
        // A slot is free: the next due job need not wait for the poll.
        this.wake();
      });
      this.inFlight.add(run);
    }
  }

  /**
   * Renders speech now, through the cache, for a preview. Counts against the same
   * concurrency only in the provider (eSpeak's worker pool), not the job slots.
   */
  async renderPreview(request: SpeechRequest): Promise<{ clipId: string; contentType: string }> {
    return this.renderCached(request);
  }

  private async waitForQuiet(): Promise<void> {
    await this.options.waitForQuiet?.();
  }

  private async claim(limit: number): Promise<Array<{ alertId: number; attempts: number }>> {
    const result = await this.options.writeWithoutFlushWait((writer) =>
      writer.execute(sql`
      update ${speechJobs} set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
        attempts = attempts + 1
      where alert_id in (
        select alert_id from ${speechJobs}
        where status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning alert_id, attempts`),
    );
    const rows = (result as unknown as { rows: Array<{ alert_id: unknown; attempts: unknown }> })
      .rows;
    return rows.map((row) => ({ alertId: Number(row.alert_id), attempts: Number(row.attempts) }));
  }

  private async render(job: { alertId: number; attempts: number }): Promise<void> {
    const { db, log } = this.options;
    try {
      await this.waitForQuiet();
      const alert = await this.loadAlert(job.alertId);
      // Hidden, rejected, or speech turned off since: nothing to read.
      if (!alert || !this.isReadAloud(alert)) {
        await this.options.writeWithoutFlushWait((writer) =>
          writer
            .update(speechJobs)
            .set({ status: 'failed', lastError: 'no longer read aloud', lockedUntil: null })
            .where(eq(speechJobs.alertId, job.alertId)),
        );
        return;
      }
      const { clipId } = await this.renderCached(this.requestFor(alert));
      await this.waitForQuiet();
      await this.options.writeWithoutFlushWait((writer) =>
        writer
          .update(speechJobs)
          .set({ status: 'ready', clipId, lockedUntil: null, lastError: null })
          .where(eq(speechJobs.alertId, job.alertId)),
      );
    } catch (error) {
      if (this.isClosed) {
        // Interrupted by close(): not a failed try, and due again at once.
        await db
          .update(speechJobs)
          .set({ lockedUntil: null, attempts: job.attempts - 1, nextAttemptAt: new Date() })
          .where(eq(speechJobs.alertId, job.alertId))
          .catch((updateError: unknown) =>
            log.warn({ err: updateError }, 'speech job not handed back'),
          );
        return;
      }
      const retryable = !(error instanceof SpeechProviderError) || error.retryable;
      const message = error instanceof Error ? error.message.slice(0, 300) : 'render failed';
      const isFinal = !retryable || job.attempts >= SPEECH_MAX_ATTEMPTS;
      log.warn(
        { alertId: job.alertId, attempts: job.attempts, err: message },
        'speech render failed',
      );
      await db
        .update(speechJobs)
        .set({
          status: isFinal ? 'failed' : 'pending',
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + speechRetryDelayMs(job.attempts)),
        })
        .where(eq(speechJobs.alertId, job.alertId))
        .catch((updateError: unknown) => log.warn({ err: updateError }, 'speech job not updated'));
    }
  }

  /** The clip for these words, this voice and this provider: from the cache, or rendered now. */
  private async renderCached(
    request: SpeechRequest,
  ): Promise<{ clipId: string; contentType: string }> {
    const { storage, provider } = this.options;
    const cacheKey = crypto
      .createHash('sha256')
      .update(JSON.stringify([provider.name, request.voice, request.language, request.segments]))
      .digest('hex');
    const cached = await this.findClip(cacheKey);
    if (cached) return cached;

    const rendered: RenderedSpeech = await provider.synthesize(request);
    const storageKey = `speech/${crypto.randomUUID()}.${rendered.extension}`;
    await storage.put(storageKey, rendered.audio, { contentType: rendered.contentType });
    const [created] = await this.options.writeWithoutFlushWait((writer) =>
      writer
        .insert(speechClips)
        .values({
          cacheKey,
          provider: provider.name,
          voice: request.voice,
          storageKey,
          contentType: rendered.contentType,
          sizeBytes: rendered.audio.length,
        })
        .onConflictDoNothing({ target: speechClips.cacheKey })
        .returning({ id: speechClips.id }),
    );
    if (created) return { clipId: created.id, contentType: rendered.contentType };
    // Another render of the same words won the race: use its clip, drop ours.
    await storage.delete(storageKey);
    const winner = await this.findClip(cacheKey);
    if (!winner) throw new Error('speech clip vanished after a cache race');
    return winner;
  }

  private async findClip(cacheKey: string) {
    const [clip] = await this.options.db
      .select({ clipId: speechClips.id, contentType: speechClips.contentType })
      .from(speechClips)
      .where(eq(speechClips.cacheKey, cacheKey));
    return clip ?? null;
  }

  private isReadAloud(alert: AlertForSpeech): boolean {
    const settings = speechSettingsOf(alert.settings, this.provider);
    // A tip hidden or rejected after its alert was written stays quiet, as its alert does.
    if (alert.kind === 'donation' && (!alert.donation || !isAlertable(alert.donation))) {
      return false;
    }
    return shouldReadAloud(settings, {
      kind: alert.kind,
      type: alert.donation?.type ?? null,
      amountPaise: alert.donation?.amountPaise ?? TEST_ALERT_DONATION.amount_paise,
    });
  }

  /** What an alert is read as, with its streamer's template, length, voice and blocked words. */
  prepareFor(alert: AlertForSpeech): PreparedSpeech {
    const settings = speechSettingsOf(alert.settings, this.provider);
    const donation = alert.donation;
    return prepareSpeech({
      name: donation?.name ?? TEST_ALERT_DONATION.name,
      amountPaise: donation?.amountPaise ?? TEST_ALERT_DONATION.amount_paise,
      // A hidden message is never read (the alert itself stays quiet then).
      message: donation
        ? donation.messageVisible
          ? donation.message
          : ''
        : TEST_ALERT_DONATION.message,
      templates: settings.templates,
      maxChars: settings.max_chars,
      blockedWords: blockedWordsOf({ blockedWords: alert.blockedWords }),
    });
  }

  private requestFor(alert: AlertForSpeech): SpeechRequest {
    const prepared = this.prepareFor(alert);
    const settings = speechSettingsOf(alert.settings, this.provider);
    return {
      language: prepared.language,
      voice: settings.voices[prepared.language],
      segments: prepared.segments,
    };
  }

  private async loadAlert(alertId: number): Promise<AlertForSpeech | null> {
    const [row] = await selectAlertForSpeech(this.options.db, { alertId });
    return row ?? null;
  }
}

const insertSpeechJob = preparedOnce((db) =>
  db
    .insert(speechJobs)
    .values({ alertId: sql.placeholder('alertId'), streamerId: sql.placeholder('streamerId') })
    .onConflictDoNothing(),
);

const selectAlertForSpeech = preparedOnce((db) => {
  const streamers = streamerRowsSubquery(db);
  return db
    .select({
      alertId: alerts.id,
      streamerId: alerts.streamerId,
      kind: alerts.kind,
      donation: donations,
      blockedWords: streamers.blockedWords,
      settings: streamerSpeechSettings,
    })
    .from(alerts)
    .innerJoin(streamers, eq(streamers.id, alerts.streamerId))
    .leftJoin(donations, eq(donations.id, alerts.donationId))
    .leftJoin(streamerSpeechSettings, eq(streamerSpeechSettings.streamerId, alerts.streamerId))
    .where(eq(alerts.id, sql.placeholder('alertId')));
});
