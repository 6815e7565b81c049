import { z } from 'zod';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from './settings.ts';
import { SPEECH_LIMITS, SPEECH_MESSAGES } from './speech.ts';

/**
 * The speech settings (issue 23): what the settings tab sends and the server answers. Voices
 * are checked by the server against its provider's list, which the answer carries.
 */

const templateSchema = z
  .string()
  .trim()
  .max(SPEECH_LIMITS.templateMaxChars, SPEECH_MESSAGES.templateTooLong)
  .refine((template) => template.includes('{message}'), SPEECH_MESSAGES.templateNeedsMessage);

export const speechSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  min_amount_paise: z
    .number({ error: SETTINGS_MESSAGES.amountInvalid })
    .int(SETTINGS_MESSAGES.amountInvalid)
    .min(SETTINGS_LIMITS.minAmountPaise, SETTINGS_MESSAGES.minAmountTooLow)
    .max(SETTINGS_LIMITS.maxAmountPaise, SETTINGS_MESSAGES.minAmountTooHigh),
  max_chars: z
    .number({ error: SPEECH_MESSAGES.maxCharsOutOfRange })
    .int(SPEECH_MESSAGES.maxCharsOutOfRange)
    .min(SPEECH_LIMITS.maxCharsMin, SPEECH_MESSAGES.maxCharsOutOfRange)
    .max(SPEECH_LIMITS.maxCharsMax, SPEECH_MESSAGES.maxCharsOutOfRange),
  volume: z
    .number({ error: SPEECH_MESSAGES.volumeOutOfRange })
    .int(SPEECH_MESSAGES.volumeOutOfRange)
    .min(SPEECH_LIMITS.volumeMin, SPEECH_MESSAGES.volumeOutOfRange)
    .max(SPEECH_LIMITS.volumeMax, SPEECH_MESSAGES.volumeOutOfRange),
  read_voice_tips: z.boolean(),
  voices: z.strictObject({
    hi: z.string().min(1, SPEECH_MESSAGES.voiceUnknown).max(60, SPEECH_MESSAGES.voiceUnknown),
    en: z.string().min(1, SPEECH_MESSAGES.voiceUnknown).max(60, SPEECH_MESSAGES.voiceUnknown),
  }),
  templates: z.strictObject({ hi: templateSchema, en: templateSchema }),
});
export type SpeechSettings = z.output<typeof speechSettingsSchema>;

export const speechVoiceSchema = z.strictObject({ id: z.string(), label: z.string() });
export type SpeechVoice = z.output<typeof speechVoiceSchema>;

/** `GET|PUT /api/streamers/:slug/speech-settings`: the settings and what may be chosen. */
export const speechSettingsResponseSchema = z.strictObject({
  settings: speechSettingsSchema,
  provider: z.strictObject({ name: z.string(), label: z.string() }),
  available_voices: z.strictObject({
    hi: z.array(speechVoiceSchema),
    en: z.array(speechVoiceSchema),
  }),
});
export type SpeechSettingsResponse = z.output<typeof speechSettingsResponseSchema>;

/** `POST /api/streamers/:slug/speech-preview`: a sample read with the settings being edited. */
export const speechPreviewRequestSchema = z.strictObject({
  settings: speechSettingsSchema,
  language: z.enum(['hi', 'en']),
});
export type SpeechPreviewRequest = z.output<typeof speechPreviewRequestSchema>;

/** `GET /api/overlay/:slug/alerts/:alertId/speech?token=`: where an alert's speech stands. */
export type OverlaySpeech =
  /** Nothing will be read for this alert (speech off, below the minimum, a voice tip…). */
  | { status: 'none' }
  /** Still rendering: ask again shortly. */
  | { status: 'pending' }
  /** Could not be rendered: the alert plays without speech. */
  | { status: 'failed' }
  | { status: 'ready'; url: string; volume: number };
