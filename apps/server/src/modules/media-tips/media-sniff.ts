/**
 * What a media tip's file really is, judged by its first bytes against an allow-list (never its
 * name or declared type). SVG, HTML, playlists (HLS `#EXTM3U`), `ffconcat` lists, AVI and
 * everything else are refused here, before any decoder sees them.
 */

export type MediaFormat = 'gif' | 'webp' | 'mp4' | 'webm';

/** How many leading bytes the sniffer needs. */
export const SNIFF_BYTES = 4096;

const ascii = (data: Buffer, text: string, offset = 0) =>
  data.length >= offset + text.length &&
  data.toString('latin1', offset, offset + text.length) === text;

/** ISO base media brands of ordinary MP4 video (not HEIF images, not QuickTime-only files). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  '3gp4',
  '3gp5',
  '3g2a',
]);

export function sniffMedia(data: Buffer): MediaFormat | null {
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'gif';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'webp';
  // MP4: the first box is `ftyp` with a known major brand.
  if (ascii(data, 'ftyp', 4) && data.length >= 12) {
    const size = data.readUInt32BE(0);
    const brand = data.toString('latin1', 8, 12);
    if (size >= 16 && size <= 1024 && MP4_BRANDS.has(brand)) return 'mp4';
    return null;
  }
  // WebM: an EBML header whose DocType is "webm" (plain Matroska is not accepted).
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) {
    const header = data.subarray(0, Math.min(data.length, 64));
    const docType = header.indexOf(Buffer.from([0x42, 0x82]));
    if (docType !== -1 && header.toString('latin1', docType + 3, docType + 7) === 'webm') {
      return 'webm';
    }
  }
  return null;
}

export function isVideoFormat(format: MediaFormat): format is 'mp4' | 'webm' {
  return format === 'mp4' || format === 'webm';
}
