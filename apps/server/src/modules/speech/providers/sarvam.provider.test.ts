import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSarvam, type FakeSarvam } from '../../../../test/fakes/fake-sarvam.ts';
import { SpeechProviderError, type SpeechProvider } from '../speech-provider.ts';
import { createSarvamProvider, SARVAM_MODEL } from './sarvam.provider.ts';

describe('Sarvam AI provider against the fake API', () => {
  let fake: FakeSarvam;
  let provider: SpeechProvider;

  beforeAll(async () => {
    fake = await startFakeSarvam();
    provider = createSarvamProvider({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      tuning: { timeoutMs: 2000, attempts: 2, backoffMs: 5 },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.clearFaults();
    fake.requests.length = 0;
  });

  it('sends the words, language, speaker and model as documented and returns the WAV', async () => {
    const rendered = await provider.synthesize({
      language: 'hi',
      voice: 'vidya',
      segments: [
        { text: 'Asha ने 101 रुपये भेजे:', emotion: null },
        { text: 'क्या बात है', emotion: 'excited' },
      ],
    });
    expect(rendered.contentType).toBe('audio/wav');
    expect(rendered.audio.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const [request] = fake.requests;
    expect(request?.headers['api-subscription-key']).toBe(fake.apiKey);
    expect(request?.body).toMatchObject({
      text: 'Asha ने 101 रुपये भेजे: क्या बात है',
      target_language_code: 'hi-IN',
      speaker: 'vidya',
      model: SARVAM_MODEL,
    });
    // [excited] is read livelier: higher pitch, faster, louder than the neutral voice.
    const body = request?.body as { pitch: number; pace: number; loudness: number };
    expect(body.pitch).toBeGreaterThan(0);
    expect(body.pace).toBeGreaterThan(1);
    expect(body.loudness).toBeGreaterThan(1);
  });

  it('reads English tips with the Indian-English language code and neutral prosody', async () => {
    await provider.synthesize({
      language: 'en',
      voice: 'karun',
      segments: [{ text: 'Ravi tipped 50 rupees: gg', emotion: null }],
    });
    expect(fake.requests[0]?.body).toMatchObject({
      target_language_code: 'en-IN',
      pitch: 0,
      pace: 1,
      loudness: 1,
    });
  });

  it('retries a 500 once and succeeds', async () => {
    fake.failNext(1, 500);
    const rendered = await provider.synthesize({
      language: 'en',
      voice: 'anushka',
      segments: [{ text: 'hello', emotion: null }],
    });
    expect(rendered.audio.length).toBeGreaterThan(44);
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a rate limit that persists as retryable, without the key in the message', async () => {
    fake.failNext(2, 429);
    const failure = await provider
      .synthesize({ language: 'en', voice: 'anushka', segments: [{ text: 'hi', emotion: null }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpeechProviderError);
    expect((failure as SpeechProviderError).retryable).toBe(true);
    expect((failure as Error).message).toContain('429');
    expect((failure as Error).message).not.toContain(fake.apiKey);
  });

  it('times out a hung request and calls it retryable', async () => {
    fake.hangNext(2);
    const failure = await provider
      .synthesize({ language: 'en', voice: 'anushka', segments: [{ text: 'hi', emotion: null }] })
      .catch((error: unknown) => error);
    expect((failure as SpeechProviderError).retryable).toBe(true);
    expect((failure as Error).message).toMatch(/timed out/);
  });

  it('gives up at once on a wrong key (403), and the error does not carry the key', async () => {
    const wrongKey = createSarvamProvider({
      apiKey: 'sk_wrong_secret',
      baseUrl: fake.url,
      tuning: { timeoutMs: 2000, attempts: 3, backoffMs: 5 },
    });
    const failure = await wrongKey
      .synthesize({ language: 'en', voice: 'anushka', segments: [{ text: 'hi', emotion: null }] })
      .catch((error: unknown) => error);
    expect((failure as SpeechProviderError).retryable).toBe(false);
    expect((failure as Error).message).toContain('invalid_api_key_error');
    expect((failure as Error).message).not.toContain('sk_wrong_secret');
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a voice the model does not have (400), not retried', async () => {
    const failure = await provider
      .synthesize({ language: 'en', voice: 'meera', segments: [{ text: 'hi', emotion: null }] })
      .catch((error: unknown) => error);
    expect((failure as SpeechProviderError).retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });
});
