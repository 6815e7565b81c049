import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { alerts, donations, speechClips, speechJobs } from '../../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import { placeOrderId, postWebhook, sandboxCheckout } from '../../../test/payments.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { generateObsToken } from '../overlays/obs-tokens.service.ts';
import { controllableSpeechProvider } from '../../../test/fakes/fake-speech.ts';
import { SpeechProviderError, type SpeechProvider } from './speech-provider.ts';
import { createFileStorage } from '../../storage/create-file-storage.ts';
import { SPEECH_MAX_ATTEMPTS, SpeechRunner, speechRetryDelayMs } from './speech-jobs.ts';
import { shouldReadAloud } from './speech.service.ts';

describe('speech for tips read aloud (issue 23)', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  const voice = controllableSpeechProvider();
  let slug: string;
  let token: string;
  let authorization: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-speech-'));
    database = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
    });
    app = await buildApp({ config, database, speechProvider: voice.provider });
    const user = await buildUser(database.db, { password: 'speech-pass-1' });
    const streamer = await buildStreamer(database.db, {
      moderationMode: 'auto',
      memberIds: [user.id],
    });
    slug = streamer.slug;
    token = (await generateObsToken(database.db, streamer.id)).token;
    authorization = (await signIn(app, user.email, 'speech-pass-1')).headers.authorization;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    voice.requests.length = 0;
    voice.release();
  });

  /** A fan's tip, paid through the sandbox's signed webhook; returns its alert id. */
  async function paidTip(overrides: Record<string, unknown>) {
    const orderId = await placeOrderId(app, slug, overrides);
    const webhook = await sandboxCheckout(app, orderId, 'paid');
    const response = await postWebhook(app, webhook);
    expect(response.statusCode).toBe(200);
    const [row] = await database.db
      .select({ alertId: alerts.id })
      .from(alerts)
      .innerJoin(donations, eq(donations.id, alerts.donationId))
      .where(eq(donations.orderId, orderId));
    if (!row) throw new Error('no alert');
    return row.alertId;
  }

  const speechOf = async (alertId: number) =>
    (
      await app.inject({ url: `/api/overlay/${slug}/alerts/${alertId}/speech?token=${token}` })
    ).json();

  /** Waits until the background job has settled the alert's speech. */
  async function settled(alertId: number) {
    for (let i = 0; i < 200; i += 1) {
      const status = await speechOf(alertId);
      if (status.status !== 'pending') return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('speech never settled');
  }

  const putSettings = (settings: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/streamers/${slug}/speech-settings`,
      headers: { authorization },
      payload: settings,
    });

  const defaults = async () =>
    (
      await app.inject({
        url: `/api/streamers/${slug}/speech-settings`,
        headers: { authorization },
      })
    ).json().settings;

  it('answers the webhook before the speech is rendered, then the overlay gets the clip', async () => {
    voice.hold();
    const alertId = await paidTip({ message: 'kya baat hai [excited] bhai' });
    // The webhook was answered while the provider was still held: speech is pending.
    expect(await speechOf(alertId)).toEqual({ status: 'pending' });
    voice.release();
    const ready = await settled(alertId);
    expect(ready).toMatchObject({ status: 'ready', volume: 80 });
    expect(voice.requests.at(-1)).toMatchObject({
      language: 'en',
      voice: 'en-gb',
      segments: [
        { text: 'Asha tipped 51 rupees:', emotion: null },
        { text: 'kya baat hai', emotion: null },
        { text: 'bhai', emotion: 'excited' },
      ],
    });
    const clip = await app.inject({ url: ready.url });
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('audio/wav');
    expect(clip.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('renders the same words with the same voice once (cache hit)', async () => {
    const first = await settled(await paidTip({ message: 'cache me once' }));
    const second = await settled(await paidTip({ message: 'cache me once' }));
    expect(voice.requests.filter((r) => JSON.stringify(r).includes('cache me once'))).toHaveLength(
      1,
    );
    expect(second.url).toBe(first.url);
    const clips = await database.db.select().from(speechClips);
    expect(new Set(clips.map((clip) => clip.cacheKey)).size).toBe(clips.length);
  });

  it('reads Devanagari with the Hindi voice and never speaks blocked words', async () => {
    // A blocked word holds the tip for review; once approved, its alert is read without it.
    const orderId = await placeOrderId(app, slug, { message: 'भाई चूतिया मज़ा आ गया' });
    await postWebhook(app, await sandboxCheckout(app, orderId, 'paid'));
    const [donation] = await database.db
      .select()
      .from(donations)
      .where(eq(donations.orderId, orderId));
    const approved = await app.inject({
      method: 'POST',
      url: `/api/donations/${donation?.id}/approve`,
      headers: { authorization },
    });
    expect(approved.statusCode).toBe(200);
    const [alert] = await database.db
      .select()
      .from(alerts)
      .where(eq(alerts.donationId, donation!.id));
    // Asked by the overlay, the approved tip's speech is requested and rendered.
    expect(await settled(alert!.id)).toMatchObject({ status: 'ready' });
    const request = voice.requests.at(-1);
    expect(request?.voice).toBe('hi');
    const spoken = request?.segments.map((segment) => segment.text).join(' ') ?? '';
    expect(spoken).toBe('Asha ने 51 रुपये भेजे: भाई मज़ा आ गया');
  });

  it('retries a failed render with back-off, then gives up and the alert plays without speech', async () => {
    const failuresBefore = voice.failedAt.length;
    voice.failNext(new SpeechProviderError('busy', true));
    const alertId = await paidTip({ message: 'retry me please' });
    // The first try failed: the job waits for its next try instead of spinning. Measured from
    // the failure itself, not from now, so a busy machine's delay here cannot eat the back-off.
    const job = await vi.waitFor(
      async () => {
        const [row] = await database.db
          .select()
          .from(speechJobs)
          .where(eq(speechJobs.alertId, alertId));
        expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'busy' });
        return row!;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(voice.failedAt).toHaveLength(failuresBefore + 1);
    expect(job.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      voice.failedAt[failuresBefore]! + speechRetryDelayMs(1),
    );
    // Due again: the next try renders it.
    await database.db
      .update(speechJobs)
      .set({ nextAttemptAt: new Date() })
      .where(eq(speechJobs.alertId, alertId));
    await app.speech.runDue();
    expect(await settled(alertId)).toMatchObject({ status: 'ready' });

    // A failure that will not pass is final at once.
    voice.failNext(new SpeechProviderError('bad voice', false));
    const failing = await paidTip({ message: 'never readable' });
    expect(await settled(failing)).toEqual({ status: 'failed' });
    expect(SPEECH_MAX_ATTEMPTS).toBeGreaterThan(1);
  });

  it('with speech off, or below the minimum, nothing is rendered', async () => {
    const settings = await defaults();
    const off = await putSettings({ ...settings, enabled: false });
    expect(off.statusCode).toBe(200);
    const quiet = await paidTip({ message: 'speech is off' });
    expect(await speechOf(quiet)).toEqual({ status: 'none' });

    await putSettings({ ...settings, enabled: true, min_amount_paise: 10_000 });
    const small = await paidTip({ message: 'too small to read', amount_paise: 5000 });
    expect(await speechOf(small)).toEqual({ status: 'none' });
    expect(JSON.stringify(voice.requests)).not.toMatch(/speech is off|too small/);

    // The donation page's promise follows the settings.
    const profile = (await app.inject({ url: `/api/streamers/${slug}` })).json();
    expect(profile.speech).toEqual({ enabled: true, min_amount_paise: 10_000 });
    await putSettings(settings);
  });

  it('reads a voice tip only when the streamer chooses so, and a test alert whenever speech is on', () => {
    const on = { enabled: true, min_amount_paise: 100, read_voice_tips: false };
    const tip = (type: 'text' | 'voice' | 'hyperemote', amountPaise = 5000) =>
      ({ kind: 'donation', type, amountPaise }) as const;
    expect(shouldReadAloud(on, tip('text'))).toBe(true);
    expect(shouldReadAloud(on, tip('voice'))).toBe(false);
    expect(shouldReadAloud({ ...on, read_voice_tips: true }, tip('voice'))).toBe(true);
    expect(shouldReadAloud(on, tip('hyperemote'))).toBe(false);
    expect(shouldReadAloud(on, tip('text', 99))).toBe(false);
    expect(shouldReadAloud(on, { kind: 'test', type: null, amountPaise: 0 })).toBe(true);
    expect(shouldReadAloud({ ...on, enabled: false }, tip('text'))).toBe(false);
  });

  it('checks the voices and templates a streamer saves', async () => {
    const settings = await defaults();
    const unknownVoice = await putSettings({ ...settings, voices: { hi: 'hi', en: 'robot' } });
    expect(unknownVoice.statusCode).toBe(400);
    const noMessage = await putSettings({
      ...settings,
      templates: { ...settings.templates, en: '{name} tipped' },
    });
    expect(noMessage.statusCode).toBe(400);
    const saved = await putSettings({ ...settings, voices: { hi: 'hi', en: 'en-us' }, volume: 40 });
    expect(saved.json().settings).toMatchObject({ voices: { en: 'en-us' }, volume: 40 });
    await putSettings(settings);
  });

  it('previews a sample with the settings being edited', async () => {
    const settings = await defaults();
    const response = await app.inject({
      method: 'POST',
      url: `/api/streamers/${slug}/speech-preview`,
      headers: { authorization },
      payload: {
        settings: {
          ...settings,
          templates: { ...settings.templates, en: 'From {name}: {message}' },
        },
        language: 'en',
      },
    });
    expect(response.statusCode).toBe(200);
    const clip = await app.inject({ url: response.json().url });
    expect(clip.statusCode).toBe(200);
    expect(voice.requests.at(-1)?.segments[0]?.text).toBe('From Asha:');
    const stranger = await app.inject({
      method: 'POST',
      url: `/api/streamers/${slug}/speech-preview`,
      payload: { settings, language: 'en' },
    });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('an instance that stops while speech renders', () => {
  it('stops without waiting for the render and hands the job back for another instance', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-speech-stop-'));
    let started: () => void = () => {};
    const rendering = new Promise<void>((resolve) => (started = resolve));
    let interrupt: (error: Error) => void = () => {};
    /** Renders until the provider is closed, like a slow eSpeak worker that close() kills. */
    const slowVoice: SpeechProvider = {
      ...controllableSpeechProvider().provider,
      synthesize: () =>
        new Promise((_, reject) => {
          interrupt = reject;
          started();
        }),
      async close() {
        interrupt(new SpeechProviderError('eSpeak NG stopped', true));
      },
    };
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
    });
    const app = await buildApp({ config, database, speechProvider: slowVoice });
    const streamer = await buildStreamer(database.db, { moderationMode: 'auto' });
    const orderId = await placeOrderId(app, streamer.slug, { name: 'Asha', message: 'Hello' });
    expect((await postWebhook(app, await sandboxCheckout(app, orderId, 'paid'))).statusCode).toBe(
      200,
    );
    await rendering;

    await app.close(); // would wait for ever if it waited for the render first

    const [job] = await database.db.select().from(speechJobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('a job added while the runner claims', () => {
  it('is claimed once that claim ends, without waiting for the poll', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-speech-wake-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const streamer = await buildStreamer(database.db, {});
    const [alert] = await database.db
      .insert(alerts)
      .values({ streamerId: streamer.id, kind: 'test' })
      .returning();
    /** Runs once, right after the next write: the claim's, which found nothing due. */
    let afterNextWrite: (() => Promise<void>) | null = null;
    const runner = new SpeechRunner({
      db: database.db,
      writeWithoutFlushWait: async (write) => {
        const result = await database.writeWithoutFlushWait(write);
        const hook = afterNextWrite;
        afterNextWrite = null;
        await hook?.();
        return result;
      },
      storage: createFileStorage(config),
      provider: controllableSpeechProvider().provider,
      log: Fastify({ logger: false }).log,
      concurrency: 1,
    });
    // Another request commits a job and wakes the runner while its claim is still finishing.
    afterNextWrite = async () => {
      await database.db.insert(speechJobs).values({ alertId: alert!.id, streamerId: streamer.id });
      runner.wake();
    };
    await runner.runDue();

    // The runner was never started, so no poll finds the job: only the missed wake can.
    await vi.waitFor(
      async () => {
        const [job] = await database.db.select().from(speechJobs);
        expect(job?.status).toBe('ready');
      },
      { timeout: 5_000, interval: 20 },
    );
    await runner.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
