import type { SpeechLanguage, SpeechVoice } from '@shabaash/core';
import type { SpeechSegment } from './speech-text.ts';

/** What to render: the words in their styles, in one language, with one of the provider's voices. */
export type SpeechRequest = {
  language: SpeechLanguage;
  voice: string;
  segments: SpeechSegment[];
};

export type RenderedSpeech = { audio: Buffer; contentType: string; extension: string };

/**
 * Who turns words into sound (issue 23), like `PaymentProvider`: the embedded eSpeak NG by
 * default, a cloud voice service when configured. Voices are listed per language; the first is
 * the default, and a stored voice the provider does not have falls back to it.
 */
export interface SpeechProvider {
  readonly name: 'espeak' | 'sarvam';
  /** How the settings tab names it. */
  readonly label: string;
  readonly voices: Record<SpeechLanguage, readonly SpeechVoice[]>;
  synthesize(request: SpeechRequest): Promise<RenderedSpeech>;
  /** Stops what the provider keeps running (worker threads). */
  close(): Promise<void>;
}

/** A render that failed; `retryable` when trying again later may succeed (time-out, 5xx, 429). */
export class SpeechProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SpeechProviderError';
  }
}

/** The voice to use: the one chosen when the provider has it, else the provider's default. */
export function resolveVoice(
  provider: Pick<SpeechProvider, 'voices'>,
  language: SpeechLanguage,
  chosen: string,
): string {
  const voices = provider.voices[language];
  return voices.some((voice) => voice.id === chosen) ? chosen : (voices[0]?.id ?? chosen);
}
