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

/**
 * The most bits a second of audio can take in each container, from its codec's specification,
 * so no honest encoder goes over it (voice recordings use a fraction of it):
 * - WebM and Ogg carry Opus (WebM Vorbis too), whose top rate is 510 kbit/s (RFC 6716 §2.1.1).
 * - MP4 carries AAC-LC (Safari's recorder): at most 6144 bits per channel per 1024-sample frame
 *   (ISO/IEC 14496-3), 288 kbit/s a channel at 48 kHz, so 576 kbit/s in stereo.
 * - MP3's highest bitrate is MPEG-1 Layer III's 320 kbit/s (free-format files are refused).
 */
const MAX_BITS_PER_SECOND: Record<VoiceContainer, number> = {
  webm: 510_000,
  ogg: 510_000,
  mp4: 576_000,
  mp3: 320_000,
};
/** Container framing (Ogg pages, WebM blocks, MP4 sample tables) adds a few percent at most. */
const FRAMING_SLACK = 1.1;
/** Headers and tags whose size does not grow with the length (EBML head, moov, ID3, Xing). */
const HEADER_SLACK_BYTES = 64 * 1024;

/**
 * The largest file a recording of this container and length can honestly be: its codec's top
 * rate for its duration, plus slack for framing and headers: a 60 s Opus clip may be 4.3 MB, a
 * 2 s MP3 at most 156 kB (so one with 9 MB of junk behind it is refused).
 */
export function largestPlausibleBytes(container: VoiceContainer, durationMs: number): number {
  const audioBytes = (MAX_BITS_PER_SECOND[container] / 8) * (durationMs / 1000);
  return Math.ceil(audioBytes * FRAMING_SLACK) + HEADER_SLACK_BYTES;
}
