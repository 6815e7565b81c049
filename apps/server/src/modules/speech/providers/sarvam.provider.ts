import type { SpeechEmotion, SpeechLanguage } from '@shabaash/core';
import { ProviderError } from '../../payments/payment-provider.ts';
import {
  createProviderHttp,
  type ProviderHttpTuning,
} from '../../payments/providers/provider-http.ts';
import { isRecord } from '../../payments/providers/provider-utils.ts';
import {
  SpeechProviderError,
  type RenderedSpeech,
  type SpeechProvider,
  type SpeechRequest,
} from '../speech-provider.ts';

export const SARVAM_DEFAULT_BASE = 'https://api.sarvam.ai';
/** bulbul:v2 is the model that takes pitch and loudness (v3 takes pace only). */
export const SARVAM_MODEL = 'bulbul:v2';

/** bulbul:v2's speakers; each speaks every language Bulbul does, Hindi and Indian English included. */
const SARVAM_SPEAKERS = [
  { id: 'anushka', label: 'Anushka (female)' },
  { id: 'manisha', label: 'Manisha (female)' },
  { id: 'vidya', label: 'Vidya (female)' },
  { id: 'arya', label: 'Arya (female)' },
  { id: 'abhilash', label: 'Abhilash (male)' },
  { id: 'karun', label: 'Karun (male)' },
  { id: 'hitesh', label: 'Hitesh (male)' },
] as const;

const LANGUAGE_CODES: Record<SpeechLanguage, string> = { hi: 'hi-IN', en: 'en-IN' };

/**
 * How a tag changes Bulbul's pitch, pace and loudness. One request has one prosody, so the
 * message's first tag sets it for the whole reading; `[laugh]` has no equivalent and is dropped.
 */
const PROSODY: Record<SpeechEmotion, { pitch: number; pace: number; loudness: number } | null> = {
  excited: { pitch: 0.3, pace: 1.2, loudness: 1.3 },
  happy: { pitch: 0.2, pace: 1.1, loudness: 1.1 },
  sad: { pitch: -0.2, pace: 0.85, loudness: 0.9 },
  whisper: { pitch: 0, pace: 0.9, loudness: 0.5 },
  shout: { pitch: 0.1, pace: 1.1, loudness: 2 },
  laugh: null,
};
const NEUTRAL = { pitch: 0, pace: 1, loudness: 1 };

export type SarvamOptions = {
  apiKey: string;
  /** Without a trailing slash; SARVAM_API_BASE, or Sarvam's own. */
  baseUrl?: string;
  tuning?: Partial<ProviderHttpTuning>;
};

/**
 * Sarvam AI's Bulbul text-to-speech (`POST /text-to-speech`): natural Hindi and Indian-English
 * voices, and Hinglish in either script. The key travels only in the `api-subscription-key`
 * header; errors name the call, never the key. The answer is base64 WAV in `audios[0]`.
 */
export function createSarvamProvider(options: SarvamOptions): SpeechProvider {
  const http = createProviderHttp({
    provider: 'Sarvam',
    baseUrl: options.baseUrl ?? SARVAM_DEFAULT_BASE,
    headers: { 'api-subscription-key': options.apiKey },
    // The job runner retries a failed render later with its own back-off; here only a quick
    // second try, and a time-out well inside the overlay's wait.
    tuning: { timeoutMs: 5_000, attempts: 2, backoffMs: 250, ...options.tuning },
  });

  return {
    name: 'sarvam',
    label: 'Sarvam AI Bulbul',
    voices: { hi: SARVAM_SPEAKERS, en: SARVAM_SPEAKERS },
    async synthesize(request: SpeechRequest): Promise<RenderedSpeech> {
      const firstTag = request.segments.find((segment) => segment.emotion)?.emotion;
      const prosody = (firstTag && PROSODY[firstTag]) || NEUTRAL;
      try {
        const audio = await http.request({
          method: 'POST',
          path: '/text-to-speech',
          body: {
            text: request.segments.map((segment) => segment.text).join(' '),
            target_language_code: LANGUAGE_CODES[request.language],
            speaker: request.voice,
            model: SARVAM_MODEL,
            pitch: prosody.pitch,
            pace: prosody.pace,
            loudness: prosody.loudness,
            speech_sample_rate: 22050,
            enable_preprocessing: true,
          },
          parse: parseAudio,
          // Synthesising the same words twice has no effect beyond its price: safe to repeat.
          recover: async () => null,
        });
        return { audio, contentType: 'audio/wav', extension: 'wav' };
      } catch (error) {
        if (error instanceof ProviderError) {
          throw new SpeechProviderError(error.message, error.retryable);
        }
        throw error;
      }
    },
    async close() {},
  };
}

/** `{ request_id, audios: [base64 WAV] }` → the WAV bytes. */
function parseAudio(body: unknown): Buffer {
  if (!isRecord(body) || !Array.isArray(body.audios) || typeof body.audios[0] !== 'string') {
    throw new Error('no audio in the answer');
  }
  const audio = Buffer.from(body.audios[0], 'base64');
  if (audio.length < 44 || audio.subarray(0, 4).toString('latin1') !== 'RIFF') {
    throw new Error('the audio is not a WAV file');
  }
  return audio;
}
