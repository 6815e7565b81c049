import crypto from 'node:crypto';
import { startFakeHttpServer, type FakeHttpServer, type FakeReply } from './fake-http-server.ts';

/**
 * A local stand-in for Sarvam AI's text-to-speech REST API (docs.sarvam.ai, "Text to Speech",
 * `POST /text-to-speech`), enforcing what the docs say: the `api-subscription-key` header, a
 * `text` of at most 1500 characters for bulbul:v2, one of the listed language codes and
 * bulbul:v2 speakers, pitch −0.75…0.75, pace 0.3…3, loudness 0.1…3, and sample rates 8000,
 * 16000, 22050 or 24000. It answers `{ request_id, audios: [base64 WAV] }`, and errors as
 * `{ error: { message, code, request_id } }`.
 */
export type FakeSarvam = FakeHttpServer & { apiKey: string };

const LANGUAGES = [
  'bn-IN',
  'en-IN',
  'gu-IN',
  'hi-IN',
  'kn-IN',
  'ml-IN',
  'mr-IN',
  'od-IN',
  'pa-IN',
  'ta-IN',
  'te-IN',
];
const V2_SPEAKERS = ['anushka', 'manisha', 'vidya', 'arya', 'abhilash', 'karun', 'hitesh'];
const SAMPLE_RATES = [8000, 16000, 22050, 24000];

function errorReply(status: number, code: string, message: string): FakeReply {
  return { status, body: { error: { message, code, request_id: crypto.randomUUID() } } };
}

/** A real (silent) WAV: 16-bit mono PCM, a tenth of a second per 10 characters read. */
export function silentWav(sampleRate: number, characters: number): Buffer {
  const samples = Math.max(1, Math.round((sampleRate / 100) * characters));
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(data, 40);
  return wav;
}

const inRange = (value: unknown, min: number, max: number) =>
  value === undefined || (typeof value === 'number' && value >= min && value <= max);

export async function startFakeSarvam(apiKey = 'sk_fake_sarvam_key'): Promise<FakeSarvam> {
  const server = await startFakeHttpServer({
    errorBody: (status) => ({
      error: {
        message: status === 429 ? 'Rate limit exceeded' : 'Internal server error',
        code: status === 429 ? 'rate_limit_exceeded_error' : 'internal_server_error',
        request_id: crypto.randomUUID(),
      },
    }),
    handle: (request) => {
      if (request.method !== 'POST' || request.path !== '/text-to-speech') {
        return errorReply(404, 'not_found_error', 'Not found');
      }
      if (request.headers['api-subscription-key'] !== apiKey) {
        return errorReply(403, 'invalid_api_key_error', 'Invalid API key');
      }
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body.text !== 'string' || body.text.trim() === '') {
        return errorReply(400, 'invalid_request_error', 'text is required');
      }
      if (Array.from(body.text).length > 1500) {
        return errorReply(400, 'invalid_request_error', 'text must be at most 1500 characters');
      }
      if (!LANGUAGES.includes(String(body.target_language_code))) {
        return errorReply(400, 'invalid_request_error', 'target_language_code is invalid');
      }
      if (body.model !== undefined && body.model !== 'bulbul:v2') {
        return errorReply(400, 'invalid_request_error', 'this fake speaks bulbul:v2 only');
      }
      if (body.speaker !== undefined && !V2_SPEAKERS.includes(String(body.speaker))) {
        return errorReply(400, 'invalid_request_error', 'speaker is not compatible with the model');
      }
      if (
        !inRange(body.pitch, -0.75, 0.75) ||
        !inRange(body.pace, 0.3, 3) ||
        !inRange(body.loudness, 0.1, 3)
      ) {
        return errorReply(400, 'invalid_request_error', 'pitch, pace or loudness out of range');
      }
      const sampleRate =
        body.speech_sample_rate === undefined ? 22050 : Number(body.speech_sample_rate);
      if (!SAMPLE_RATES.includes(sampleRate)) {
        return errorReply(400, 'invalid_request_error', 'speech_sample_rate is invalid');
      }
      const audio = silentWav(sampleRate, Array.from(body.text).length).toString('base64');
      return { status: 200, body: { request_id: crypto.randomUUID(), audios: [audio] } };
    },
  });
  return { ...server, apiKey };
}
