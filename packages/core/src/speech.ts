/**
 * Text-to-speech (issue 23): what the server reads aloud on stream, and the limits the
 * streamer's speech settings keep to. Pure constants and rules; the zod schema is in
 * speech.schema.ts, so the donation page and the overlay can import this without zod.
 */

/** The two languages a tip is read in: Devanagari text in Hindi, Latin text in English. */
export const SPEECH_LANGUAGES = ['hi', 'en'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

/**
 * `[emotion]` tags a fan may write. Each changes the voice's style or prosody where the
 * provider can; otherwise it is dropped. No tag is ever read out as a word.
 */
export const SPEECH_EMOTIONS = ['excited', 'happy', 'sad', 'whisper', 'shout', 'laugh'] as const;
export type SpeechEmotion = (typeof SPEECH_EMOTIONS)[number];

export const SPEECH_LIMITS = {
  maxCharsMin: 20,
  maxCharsMax: 500,
  templateMaxChars: 200,
  volumeMin: 0,
  volumeMax: 100,
} as const;

/** The placeholders a read template may use. */
export const SPEECH_TEMPLATE_PLACEHOLDERS = ['{name}', '{amount}', '{message}'] as const;

export const DEFAULT_SPEECH_TEMPLATES: Record<SpeechLanguage, string> = {
  hi: '{name} ने {amount} रुपये भेजे: {message}',
  en: '{name} tipped {amount} rupees: {message}',
};

/** A page's speech settings when the streamer has never changed them (on, for every tip). */
export const DEFAULT_SPEECH_SETTINGS = {
  enabled: true,
  min_amount_paise: 100,
  max_chars: 200,
  /** 0–100, applied by the overlay's audio element. */
  volume: 80,
  /** A voice tip plays its clip; reading its text as well is the streamer's choice. */
  read_voice_tips: false,
  templates: DEFAULT_SPEECH_TEMPLATES,
} as const;

/**
 * How long the overlay waits, from the moment an alert comes on screen, for its speech to be
 * rendered; after that the alert plays without speech, so the queue never stalls.
 */
export const SPEECH_WAIT_MS = 6_000;

/** What the donation page promises for a text tip of `amountPaise` on this page. */
export function isReadAloud(
  speech: { enabled: boolean; min_amount_paise: number },
  amountPaise: number,
): boolean {
  return speech.enabled && amountPaise >= speech.min_amount_paise;
}

export const SPEECH_MESSAGES = {
  maxCharsOutOfRange: `The characters read must be between ${SPEECH_LIMITS.maxCharsMin} and ${SPEECH_LIMITS.maxCharsMax}.`,
  volumeOutOfRange: 'The volume must be between 0 and 100.',
  templateTooLong: `Keep the read template under ${SPEECH_LIMITS.templateMaxChars} characters.`,
  templateNeedsMessage: 'The read template must contain {message}.',
  voiceUnknown: 'Choose one of the listed voices.',
} as const;
