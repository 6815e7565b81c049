/**
 * MP3 (MPEG-1/2/2.5 Layer III) duration by walking the frames: each frame header gives its
 * length and sample count. A Xing/Info or VBRI header, when present, declares the frame count;
 * the longer of the two answers wins, so a short header cannot hide audio. Junk between
 * frames is skipped to the next pair of valid frames, as decoders do.
 */

const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** Sample rates by the header's version bits (0 = MPEG 2.5, 2 = MPEG 2, 3 = MPEG 1). */
const SAMPLE_RATES: Record<number, readonly number[]> = {
  0: [11_025, 12_000, 8_000],
  2: [22_050, 24_000, 16_000],
  3: [44_100, 48_000, 32_000],
};

type Frame = { length: number; samples: number; sampleRate: number; sideInfoBytes: number };

/** True when the bytes start with an ID3v2 tag or with two chained Layer III frames. */
export function looksLikeMp3(data: Buffer): boolean {
  if (data.toString('latin1', 0, 3) === 'ID3') return true;
  return firstFrameAt(data, 0) !== null;
}

/** Returns the duration in ms of an MP3 file, or null when it is not one. */
export function mp3DurationMs(data: Buffer): number | null {
  let pos = skipId3v2(data);
  if (pos === null) return null;
  // Some encoders pad the tag with zeros.
  while (pos < data.length && pos < 65_536 && data[pos] === 0) pos += 1;
  const first = firstFrameAt(data, pos);
  if (!first) return null;

  const declaredFrames = readXingFrames(data, pos, first) ?? readVbriFrames(data, pos);
  // The Xing/VBRI frame is a header, not audio.
  if (declaredFrames !== null) pos += first.length;

  let microseconds = 0;
  while (pos < data.length) {
    const frame = readFrameHeader(data, pos);
    if (frame && pos + frame.length <= data.length) {
      microseconds += (frame.samples * 1e6) / frame.sampleRate;
      pos += frame.length;
      continue;
    }
    const next = resync(data, pos + 1);
    if (next === null) break;
    pos = next;
  }
  const declaredMs =
    declaredFrames === null ? 0 : (declaredFrames * first.samples * 1000) / first.sampleRate;
  return Math.round(Math.max(microseconds / 1000, declaredMs));
}

/** A frame at pos that is followed by another valid frame (or by the end of the file). */
function firstFrameAt(data: Buffer, pos: number): Frame | null {
  const frame = readFrameHeader(data, pos);
  if (!frame) return null;
  const next = pos + frame.length;
  if (next > data.length) return null;
  if (next === data.length || isTrailingTag(data, next) || readFrameHeader(data, next)) {
    return frame;
  }
  return null;
}

function resync(data: Buffer, from: number): number | null {
  let pos = from;
  for (;;) {
    const candidate = data.indexOf(0xff, pos);
    if (candidate === -1) return null;
    if (firstFrameAt(data, candidate)) return candidate;
    pos = candidate + 1;
  }
}

function readFrameHeader(data: Buffer, pos: number): Frame | null {
  if (pos + 4 > data.length) return null;
  const b1 = data[pos] ?? 0;
  const b2 = data[pos + 1] ?? 0;
  const b3 = data[pos + 2] ?? 0;
  const b4 = data[pos + 3] ?? 0;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const version = (b2 >> 3) & 0b11;
  const layer = (b2 >> 1) & 0b11;
  const bitrateIndex = b3 >> 4;
  const rateIndex = (b3 >> 2) & 0b11;
  if (version === 1 || layer !== 1) return null; // reserved version; Layer III only
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if ((b4 & 0b11) === 2) return null; // reserved emphasis
  const isMpeg1 = version === 3;
  const bitrate = (isMpeg1 ? BITRATES_KBPS.mpeg1 : BITRATES_KBPS.mpeg2)[bitrateIndex] ?? 0;
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex] ?? 0;
  if (bitrate === 0 || sampleRate === 0) return null;
  const samples = isMpeg1 ? 1152 : 576;
  const padding = (b3 >> 1) & 1;
  const isMono = b4 >> 6 === 0b11;
  return {
    length: Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding,
    samples,
    sampleRate,
    sideInfoBytes: isMpeg1 ? (isMono ? 17 : 32) : isMono ? 9 : 17,
  };
}

/** Frame count from a Xing/Info header in the first frame, when it has one. */
function readXingFrames(data: Buffer, frameStart: number, frame: Frame): number | null {
  const at = frameStart + 4 + frame.sideInfoBytes;
  if (at + 12 > frameStart + frame.length) return null;
  const tag = data.toString('latin1', at, at + 4);
  if (tag !== 'Xing' && tag !== 'Info') return null;
  const flags = data.readUInt32BE(at + 4);
  return flags & 0x1 ? data.readUInt32BE(at + 8) : 0;
}

/** Frame count from a Fraunhofer VBRI header (always 32 bytes after the frame header). */
function readVbriFrames(data: Buffer, frameStart: number): number | null {
  const at = frameStart + 4 + 32;
  if (at + 18 > data.length || data.toString('latin1', at, at + 4) !== 'VBRI') return null;
  return data.readUInt32BE(at + 14);
}

/** Where the audio starts after any ID3v2 tags; null when a tag is malformed. */
function skipId3v2(data: Buffer): number | null {
  let pos = 0;
  while (data.toString('latin1', pos, pos + 3) === 'ID3') {
    if (pos + 10 > data.length) return null;
    let size = 0;
    for (let index = 6; index < 10; index += 1) {
      const byte = data[pos + index] ?? 0xff;
      if (byte & 0x80) return null; // sizes are "synchsafe": 7 bits per byte
      size = size * 128 + byte;
    }
    const hasFooter = ((data[pos + 5] ?? 0) & 0x10) !== 0;
    pos += 10 + size + (hasFooter ? 10 : 0);
  }
  return pos;
}

function isTrailingTag(data: Buffer, pos: number): boolean {
  const head = data.toString('latin1', pos, pos + 8);
  return head.startsWith('TAG') || head === 'APETAGEX' || head.startsWith('ID3');
}
