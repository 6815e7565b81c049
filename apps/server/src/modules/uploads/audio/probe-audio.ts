import type { VoiceContainer } from '@shabaash/core';
import { looksLikeMp3, mp3DurationMs } from './mp3.ts';
import { looksLikeMp4, mp4DurationMs } from './mp4.ts';
import { looksLikeOgg, oggOpusDurationMs } from './ogg.ts';
import { looksLikeEbml, webmDurationMs } from './webm.ts';

export type AudioProbe = {
  container: VoiceContainer;
  /** The type we serve the file with: decided by its content, never by what the client said. */
  contentType: string;
  extension: string;
  durationMs: number;
};

const FORMATS = [
  {
    container: 'webm',
    contentType: 'audio/webm',
    extension: 'webm',
    matches: looksLikeEbml,
    durationMs: webmDurationMs,
  },
  {
    container: 'ogg',
    contentType: 'audio/ogg',
    extension: 'ogg',
    matches: looksLikeOgg,
    durationMs: oggOpusDurationMs,
  },
  {
    container: 'mp4',
    contentType: 'audio/mp4',
    extension: 'm4a',
    matches: looksLikeMp4,
    durationMs: mp4DurationMs,
  },
  {
    container: 'mp3',
    contentType: 'audio/mpeg',
    extension: 'mp3',
    matches: looksLikeMp3,
    durationMs: mp3DurationMs,
  },
] as const satisfies ReadonlyArray<{
  container: VoiceContainer;
  contentType: string;
  extension: string;
  matches: (data: Buffer) => boolean;
  durationMs: (data: Buffer) => number | null;
}>;

/**
 * Identifies an audio recording by its bytes (magic numbers, then a parse of the container)
 * and measures its duration. Null when it is none of the accepted containers or cannot be
 * parsed; a parsed recording with no audio in it has a duration of 0.
 */
export function probeAudio(data: Buffer): AudioProbe | null {
  for (const format of FORMATS) {
    if (!format.matches(data)) continue;
    const durationMs = format.durationMs(data);
    if (durationMs === null) return null;
    return {
      container: format.container,
      contentType: format.contentType,
      extension: format.extension,
      durationMs,
    };
  }
  return null;
}
