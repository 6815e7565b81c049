/**
 * Ogg Opus duration (RFC 7845): the highest granule position of the stream minus the
 * OpusHead pre-skip, over 48 kHz. Every page's CRC is checked; junk between pages is skipped
 * to the next "OggS", as players do, so audio cannot hide behind a damaged page. Only Opus
 * streams are accepted (a second stream of another kind, such as video, is refused).
 */

const CAPTURE = Buffer.from('OggS', 'latin1');
const OPUS_HEAD = Buffer.from('OpusHead', 'latin1');
const PAGE_HEADER_BYTES = 27;
const NO_GRANULE = -1n;
const OPUS_RATE = 48_000;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let crc = index << 24;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    }
    table[index] = crc >>> 0;
  }
  return table;
})();

type Page = {
  start: number;
  end: number;
  isFirstPage: boolean;
  granule: bigint;
  serial: number;
  bodyStart: number;
};

type OpusStream = { preSkip: number; lastGranule: bigint };

export function looksLikeOgg(data: Uint8Array): boolean {
  return data[0] === 0x4f && data[1] === 0x67 && data[2] === 0x67 && data[3] === 0x53;
}

/** Returns the duration in ms of an Ogg Opus file, or null when it is not one. */
export function oggOpusDurationMs(data: Buffer): number | null {
  const streams = new Map<number, OpusStream>();
  let pos = 0;
  let isFirst = true;
  while (pos < data.length) {
    const page = readPage(data, pos);
    if (!page) {
      if (isFirst) return null; // must start with a valid page
      const next = data.indexOf(CAPTURE, pos + 1);
      if (next === -1) break;
      pos = next;
      continue;
    }
    if (page.isFirstPage) {
      const preSkip = readOpusHead(data, page);
      if (preSkip === null) return null; // not Opus: refuse the whole file
      streams.set(page.serial, { preSkip, lastGranule: 0n });
    } else if (isFirst) {
      return null;
    }
    isFirst = false;
    const stream = streams.get(page.serial);
    if (stream && page.granule !== NO_GRANULE && page.granule > stream.lastGranule) {
      stream.lastGranule = page.granule;
    }
    pos = page.end;
  }
  if (streams.size === 0) return null;
  let samples = 0;
  for (const stream of streams.values()) {
    samples += Math.max(0, Number(stream.lastGranule) - stream.preSkip);
  }
  return Math.round((samples * 1000) / OPUS_RATE);
}

function readPage(data: Buffer, start: number): Page | null {
  if (start + PAGE_HEADER_BYTES > data.length) return null;
  if (data.compare(CAPTURE, 0, 4, start, start + 4) !== 0 || data[start + 4] !== 0) return null;
  const segmentCount = data[start + 26] ?? 0;
  const bodyStart = start + PAGE_HEADER_BYTES + segmentCount;
  if (bodyStart > data.length) return null;
  let bodyLength = 0;
  for (let index = 0; index < segmentCount; index += 1) {
    bodyLength += data[start + PAGE_HEADER_BYTES + index] ?? 0;
  }
  const end = bodyStart + bodyLength;
  if (end > data.length) return null;
  if (pageCrc(data, start, end) !== data.readUInt32LE(start + 22)) return null;
  return {
    start,
    end,
    isFirstPage: ((data[start + 5] ?? 0) & 0x02) !== 0,
    granule: data.readBigInt64LE(start + 6),
    serial: data.readUInt32LE(start + 14),
    bodyStart,
  };
}

/** The pre-skip of an OpusHead packet at the start of the page body, or null. */
function readOpusHead(data: Buffer, page: Page): number | null {
  const head = page.bodyStart;
  if (head + 19 > page.end) return null;
  if (data.compare(OPUS_HEAD, 0, 8, head, head + 8) !== 0) return null;
  const version = data[head + 8] ?? 0xff;
  const channels = data[head + 9] ?? 0;
  // RFC 7845 §5.1: major version 0 (values 0–15) is what a decoder may read.
  if (version > 15 || channels === 0) return null;
  return data.readUInt16LE(head + 10);
}

/** Ogg's CRC-32 (polynomial 0x04C11DB7, no reflection) with the CRC field taken as zero. */
function pageCrc(data: Buffer, start: number, end: number): number {
  let crc = 0;
  for (let index = start; index < end; index += 1) {
    const byte = index >= start + 22 && index < start + 26 ? 0 : (data[index] ?? 0);
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc;
}
