import { eq } from 'drizzle-orm';
import {
  DEFAULT_SPEECH_SETTINGS,
  isReadAloud,
  type DonationType,
  type SpeechSettings,
  type SpeechSettingsResponse,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { streamerSpeechSettings } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { resolveVoice, type SpeechProvider } from './speech-provider.ts';

type SettingsRow = typeof streamerSpeechSettings.$inferSelect;

/** A page's speech settings as stored, or the defaults (speech on) when it never set them. */
export function speechSettingsOf(
  row: SettingsRow | null,
  provider: SpeechProvider,
): SpeechSettings {
  if (!row) {
    return {
      ...DEFAULT_SPEECH_SETTINGS,
      templates: { ...DEFAULT_SPEECH_SETTINGS.templates },
      voices: { hi: provider.voices.hi[0]?.id ?? 'hi', en: provider.voices.en[0]?.id ?? 'en' },
    };
  }
  return {
    enabled: row.enabled,
    min_amount_paise: row.minAmountPaise,
    max_chars: row.maxChars,
    volume: row.volume,
    read_voice_tips: row.readVoiceTips,
    // A voice of another provider (SPEECH_PROVIDER changed) reads with this one's default.
    voices: {
      hi: resolveVoice(provider, 'hi', row.voiceHi),
      en: resolveVoice(provider, 'en', row.voiceEn),
    },
    templates: { hi: row.templateHi, en: row.templateEn },
  };
}

export async function readSpeechSettings(
  db: Database,
  provider: SpeechProvider,
  streamerId: string,
): Promise<SpeechSettings> {
  const [row] = await db
    .select()
    .from(streamerSpeechSettings)
    .where(eq(streamerSpeechSettings.streamerId, streamerId));
  return speechSettingsOf(row ?? null, provider);
}

/** Whether speech is on and from what amount: the donation page's promise (public profile). */
export async function readSpeechPromise(
  db: Database,
  streamerId: string,
): Promise<{ enabled: boolean; min_amount_paise: number }> {
  const [row] = await db
    .select({
      enabled: streamerSpeechSettings.enabled,
      minAmountPaise: streamerSpeechSettings.minAmountPaise,
    })
    .from(streamerSpeechSettings)
    .where(eq(streamerSpeechSettings.streamerId, streamerId));
  return {
    enabled: row?.enabled ?? DEFAULT_SPEECH_SETTINGS.enabled,
    min_amount_paise: row?.minAmountPaise ?? DEFAULT_SPEECH_SETTINGS.min_amount_paise,
  };
}

/** Saves a page's speech settings; voices must be the configured provider's. */
export async function writeSpeechSettings(
  db: Database,
  provider: SpeechProvider,
  streamerId: string,
  settings: SpeechSettings,
): Promise<SpeechSettings> {
  assertKnownVoices(provider, settings);
  const values = {
    enabled: settings.enabled,
    minAmountPaise: settings.min_amount_paise,
    maxChars: settings.max_chars,
    volume: settings.volume,
    readVoiceTips: settings.read_voice_tips,
    voiceHi: settings.voices.hi,
    voiceEn: settings.voices.en,
    templateHi: settings.templates.hi,
    templateEn: settings.templates.en,
    updatedAt: new Date(),
  };
  await db
    .insert(streamerSpeechSettings)
    .values({ streamerId, ...values })
    .onConflictDoUpdate({ target: streamerSpeechSettings.streamerId, set: values });
  return readSpeechSettings(db, provider, streamerId);
}

export function assertKnownVoices(provider: SpeechProvider, settings: SpeechSettings): void {
  for (const language of ['hi', 'en'] as const) {
    if (!provider.voices[language].some((voice) => voice.id === settings.voices[language])) {
      throw badRequest('Choose one of the listed voices.', 'speech_voice_unknown');
    }
  }
}

export function presentSpeechSettings(
  settings: SpeechSettings,
  provider: SpeechProvider,
): SpeechSettingsResponse {
  return {
    settings,
    provider: { name: provider.name, label: provider.label },
    available_voices: {
      hi: provider.voices.hi.map((voice) => ({ ...voice })),
      en: provider.voices.en.map((voice) => ({ ...voice })),
    },
  };
}

/**
 * The one rule of what is read aloud: speech on, and a text tip (or a voice tip when the
 * streamer chose so) that reaches the minimum. A test alert is read whenever speech is on, so
 * the streamer can hear it before going live.
 */
export function shouldReadAloud(
  settings: Pick<SpeechSettings, 'enabled' | 'min_amount_paise' | 'read_voice_tips'>,
  alert: { kind: 'donation' | 'test'; type: DonationType | null; amountPaise: number },
): boolean {
  if (!settings.enabled) return false;
  if (alert.kind === 'test') return true;
  const isReadType = alert.type === 'text' || (alert.type === 'voice' && settings.read_voice_tips);
  return isReadType && isReadAloud(settings, alert.amountPaise);
}
