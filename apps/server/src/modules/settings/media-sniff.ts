/**
 * What an uploaded file really is, judged by its first bytes (never by its name or declared
 * type): a non-image renamed `.png` is refused here before any decoder sees it.
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';
export type SoundFormat = { extension: 'mp3' | 'ogg'; contentType: 'audio/mpeg' | 'audio/ogg' };

const startsWith = (data: Buffer, signature: readonly number[], offset = 0) =>
  data.length >= offset + signature.length &&
  signature.every((byte, index) => data[offset + index] === byte);

const ascii = (data: Buffer, text: string, offset = 0) =>
  data.length >= offset + text.length &&
  data.toString('latin1', offset, offset + text.length) === text;

/** The image format by its signature, or null. */
export function sniffImage(data: Buffer): ImageFormat | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'webp';
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'gif';
  return null;
}

/** An MPEG audio frame header: 11 sync bits, a known version, layer III, a real bitrate. */
function isMp3FrameHeader(data: Buffer, offset: number): boolean {
  if (data.length < offset + 4) return false;
  const [b0 = 0, b1 = 0, b2 = 0] = [data[offset], data[offset + 1], data[offset + 2]];
  const isSync = b0 === 0xff && (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0b11; // 01 is reserved
  const layer = (b1 >> 1) & 0b11; // 01 is layer III
  const bitrate = b2 >> 4; // 0000 free, 1111 bad
  const sampleRate = (b2 >> 2) & 0b11; // 11 reserved
  return (
    isSync &&
    version !== 0b01 &&
    layer === 0b01 &&
    bitrate !== 0 &&
    bitrate !== 0xf &&
    sampleRate !== 0b11
  );
}

/** ID3v2 tag size (syncsafe integer), header included; 0 when there is no tag. */
function id3TagLength(data: Buffer): number {
  if (!ascii(data, 'ID3') || data.length < 10) return 0;
  const size =
    ((data[6] ?? 0) << 21) | ((data[7] ?? 0) << 14) | ((data[8] ?? 0) << 7) | (data[9] ?? 0);
  const hasFooter = ((data[5] ?? 0) & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/**
 * An MP3 (optionally behind an ID3 tag, then a layer III frame header) or an Ogg stream whose
 * first page carries Vorbis or Opus; null for anything else.
 */
export function sniffSound(data: Buffer): SoundFormat | null {
  if (ascii(data, 'OggS')) {
    const firstPage = data.toString('latin1', 0, Math.min(data.length, 256));
    const isAudio = firstPage.includes('\x01vorbis') || firstPage.includes('OpusHead');
    return isAudio ? { extension: 'ogg', contentType: 'audio/ogg' } : null;
  }
  const start = id3TagLength(data);
  // Some encoders pad between the tag and the first frame; look a little way in.
  const searchEnd = Math.min(data.length - 4, start + 4096);
  for (let offset = start; offset <= searchEnd; offset += 1) {
    if (isMp3FrameHeader(data, offset)) return { extension: 'mp3', contentType: 'audio/mpeg' };
    if (data[offset] !== 0) break; // only zero padding may come before the first frame
  }
  return null;
}
