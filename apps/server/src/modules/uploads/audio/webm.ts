import { opusPacketDurationUs } from './opus-packet.ts';

/**
 * WebM (Matroska) duration. Chrome's and Firefox's MediaRecorder write a live stream: the
 * Segment and every Cluster have an unknown size and Info has no Duration. So the duration is
 * measured from the blocks themselves: Cluster Timecode + the block's relative timecode, times
 * TimecodeScale, plus the last packet's own length (read from its Opus TOC byte). A declared
 * Duration, when present, only ever lengthens the answer: a file cannot hide audio behind a
 * short header.
 */

const EBML_ID = {
  header: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  defaultDuration: 0x23e383,
  cues: 0x1c53bb6b,
  tags: 0x1254c367,
  chapters: 0x1043a770,
  attachments: 0x1941a469,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  void: 0xec,
  crc32: 0xbf,
} as const;

/** Top-level elements we skip by their size; anything else at that level is treated as junk. */
const SKIPPABLE_TOP_LEVEL = new Set<number>([
  EBML_ID.seekHead,
  EBML_ID.cues,
  EBML_ID.tags,
  EBML_ID.chapters,
  EBML_ID.attachments,
  EBML_ID.void,
  EBML_ID.crc32,
]);

/** What may appear inside a Cluster; any other id ends an unknown-size Cluster. */
const CLUSTER_CHILDREN = new Set<number>([
  EBML_ID.timecode,
  EBML_ID.simpleBlock,
  EBML_ID.blockGroup,
  0xa7, // Position
  0xab, // PrevSize
  0x5854, // SilentTracks
  0xaf, // EncryptedBlock
  EBML_ID.void,
  EBML_ID.crc32,
]);

const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;
const AUDIO_CODECS = new Set(['A_OPUS', 'A_VORBIS']);
const CLUSTER_ID_BYTES = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

type ElementHeader = { id: number; dataStart: number; size: number | null };

type Track = { number: number; type: number; codec: string; defaultDurationNs: number | null };

type TrackTiming = {
  firstNs: number;
  /** Latest end of a block whose length is known. */
  endNs: number;
  /** Latest start of a block whose length is unknown, and the gap before it. */
  lastUnknownStartNs: number;
  previousStartNs: number;
  gapNs: number;
};

/** True when the bytes start with an EBML header (WebM or Matroska). */
export function looksLikeEbml(data: Uint8Array): boolean {
  return data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3;
}

/** Returns the duration in ms of an audio-only WebM file, or null when it is not one. */
export function webmDurationMs(data: Buffer): number | null {
  const header = readElementHeader(data, 0, data.length);
  if (!header || header.id !== EBML_ID.header || header.size === null) return null;
  const headerEnd = header.dataStart + header.size;
  if (headerEnd > data.length) return null;
  if (readDocType(data, header.dataStart, headerEnd) !== 'webm') return null;

  let pos = headerEnd;
  let segment = readElementHeader(data, pos, data.length);
  while (segment && segment.id === EBML_ID.void && segment.size !== null) {
    pos = segment.dataStart + segment.size;
    segment = readElementHeader(data, pos, data.length);
  }
  if (!segment || segment.id !== EBML_ID.segment) return null;
  const segmentEnd =
    segment.size === null ? data.length : Math.min(data.length, segment.dataStart + segment.size);

  const parser = new SegmentParser(data, segmentEnd);
  return parser.parse(segment.dataStart);
}

class SegmentParser {
  private timecodeScaleNs = 1_000_000;
  private declaredDurationMs = 0;
  private tracks: Map<number, Track> | null = null;
  private readonly timing = new Map<number, TrackTiming>();

  constructor(
    private readonly data: Buffer,
    private readonly end: number,
  ) {}

  parse(start: number): number | null {
    let pos = start;
    while (pos < this.end) {
      const element = readElementHeader(this.data, pos, this.end);
      if (!element) {
        pos = this.resync(pos + 1);
        continue;
      }
      if (element.id === EBML_ID.cluster) {
        if (!this.tracks) return null; // blocks before their track list: not a recording we know
        pos = this.parseCluster(element);
        continue;
      }
      const isKnown =
        element.id === EBML_ID.info ||
        element.id === EBML_ID.tracks ||
        SKIPPABLE_TOP_LEVEL.has(element.id);
      if (!isKnown || element.size === null) {
        pos = this.resync(pos + 1);
        continue;
      }
      const elementEnd = element.dataStart + element.size;
      if (elementEnd > this.end) break; // truncated: what we have is all there is
      if (element.id === EBML_ID.info) this.parseInfo(element.dataStart, elementEnd);
      if (element.id === EBML_ID.tracks) {
        this.tracks = parseTracks(this.data, element.dataStart, elementEnd);
      }
      pos = elementEnd;
    }
    return this.result();
  }

  private result(): number | null {
    if (!this.tracks) return null;
    const tracks = [...this.tracks.values()];
    const audio = tracks.filter((track) => track.type === TRACK_TYPE_AUDIO);
    if (audio.length === 0 || tracks.some((track) => track.type === TRACK_TYPE_VIDEO)) return null;
    if (audio.some((track) => !AUDIO_CODECS.has(track.codec))) return null;
    let measuredNs = 0;
    for (const track of audio) {
      const timing = this.timing.get(track.number);
      if (!timing) continue;
      const unknownEnd =
        timing.lastUnknownStartNs === -Infinity
          ? -Infinity
          : timing.lastUnknownStartNs + timing.gapNs;
      measuredNs = Math.max(measuredNs, Math.max(timing.endNs, unknownEnd) - timing.firstNs);
    }
    return Math.max(Math.round(measuredNs / 1e6), this.declaredDurationMs);
  }

  /** Junk where an element should be: carry on at the next Cluster, as players do. */
  private resync(from: number): number {
    const next = this.data.indexOf(CLUSTER_ID_BYTES, from);
    return next === -1 || next >= this.end ? this.end : next;
  }

  private parseInfo(start: number, end: number): void {
    let durationTicks = 0;
    for (const child of children(this.data, start, end)) {
      const length = child.end - child.dataStart;
      if (child.id === EBML_ID.timecodeScale) {
        const scale = readUint(this.data, child.dataStart, length);
        if (scale > 0 && scale <= 1e9) this.timecodeScaleNs = scale;
      }
      if (child.id === EBML_ID.duration && (length === 4 || length === 8)) {
        const value =
          length === 4
            ? this.data.readFloatBE(child.dataStart)
            : this.data.readDoubleBE(child.dataStart);
        if (Number.isFinite(value) && value > 0) durationTicks = value;
      }
    }
    this.declaredDurationMs = Math.round((durationTicks * this.timecodeScaleNs) / 1e6);
  }

  /** Reads a Cluster's blocks; returns where the next top-level element starts. */
  private parseCluster(cluster: ElementHeader): number {
    const clusterEnd =
      cluster.size === null ? this.end : Math.min(this.end, cluster.dataStart + cluster.size);
    let clusterTimecode = 0;
    let pos = cluster.dataStart;
    while (pos < clusterEnd) {
      const child = readElementHeader(this.data, pos, clusterEnd);
      if (!child) return this.resync(pos + 1);
      if (!CLUSTER_CHILDREN.has(child.id)) {
        // An unknown-size Cluster ends where the next top-level element begins.
        return cluster.size === null ? pos : this.resync(pos + 1);
      }
      if (child.size === null) return this.resync(pos + 1);
      const childEnd = child.dataStart + child.size;
      if (childEnd > clusterEnd) return this.end; // truncated last block
      if (child.id === EBML_ID.timecode) {
        clusterTimecode = readUint(this.data, child.dataStart, child.size);
      } else if (child.id === EBML_ID.simpleBlock) {
        this.recordBlock(clusterTimecode, child.dataStart, childEnd, null);
      } else if (child.id === EBML_ID.blockGroup) {
        this.parseBlockGroup(clusterTimecode, child.dataStart, childEnd);
      }
      pos = childEnd;
    }
    return cluster.size === null ? pos : clusterEnd;
  }

  private parseBlockGroup(clusterTimecode: number, start: number, end: number): void {
    let block: { start: number; end: number } | null = null;
    let durationTicks: number | null = null;
    for (const child of children(this.data, start, end)) {
      if (child.id === EBML_ID.block) block = { start: child.dataStart, end: child.end };
      if (child.id === EBML_ID.blockDuration) {
        durationTicks = readUint(this.data, child.dataStart, child.end - child.dataStart);
      }
    }
    if (block) this.recordBlock(clusterTimecode, block.start, block.end, durationTicks);
  }

  private recordBlock(
    clusterTimecode: number,
    start: number,
    end: number,
    durationTicks: number | null,
  ): void {
    const trackNumber = readVint(this.data, start, end);
    if (!trackNumber || trackNumber.value === null) return;
    const headerEnd = start + trackNumber.length + 3;
    if (headerEnd > end) return;
    const track = this.tracks?.get(trackNumber.value);
    if (!track) return;
    const relative = this.data.readInt16BE(start + trackNumber.length);
    const flags = this.data[start + trackNumber.length + 2] ?? 0;
    const isLaced = (flags & 0x06) !== 0;
    const startNs = (clusterTimecode + relative) * this.timecodeScaleNs;

    let lengthNs: number | null = null;
    if (durationTicks !== null) lengthNs = durationTicks * this.timecodeScaleNs;
    else if (track.codec === 'A_OPUS' && !isLaced) {
      const us = opusPacketDurationUs(this.data.subarray(headerEnd, end));
      if (us !== null) lengthNs = us * 1000;
    }
    if (lengthNs === null && track.defaultDurationNs !== null && !isLaced) {
      lengthNs = track.defaultDurationNs;
    }

    let timing = this.timing.get(track.number);
    if (!timing) {
      timing = {
        firstNs: startNs,
        endNs: startNs,
        lastUnknownStartNs: -Infinity,
        previousStartNs: startNs,
        gapNs: 0,
      };
      this.timing.set(track.number, timing);
    }
    timing.firstNs = Math.min(timing.firstNs, startNs);
    if (startNs > timing.previousStartNs) timing.gapNs = startNs - timing.previousStartNs;
    timing.previousStartNs = startNs;
    if (lengthNs === null) timing.lastUnknownStartNs = Math.max(timing.lastUnknownStartNs, startNs);
    timing.endNs = Math.max(timing.endNs, startNs + (lengthNs ?? 0));
  }
}

function parseTracks(data: Buffer, start: number, end: number): Map<number, Track> {
  const tracks = new Map<number, Track>();
  for (const entry of children(data, start, end)) {
    if (entry.id !== EBML_ID.trackEntry) continue;
    const track: Track = { number: 0, type: 0, codec: '', defaultDurationNs: null };
    for (const field of children(data, entry.dataStart, entry.end)) {
      const length = field.end - field.dataStart;
      if (field.id === EBML_ID.trackNumber) track.number = readUint(data, field.dataStart, length);
      if (field.id === EBML_ID.trackType) track.type = readUint(data, field.dataStart, length);
      if (field.id === EBML_ID.codecId) track.codec = readString(data, field.dataStart, field.end);
      if (field.id === EBML_ID.defaultDuration) {
        const value = readUint(data, field.dataStart, length);
        if (value > 0) track.defaultDurationNs = value;
      }
    }
    if (track.number > 0) tracks.set(track.number, track);
  }
  return tracks;
}

function readDocType(data: Buffer, start: number, end: number): string | null {
  for (const child of children(data, start, end)) {
    if (child.id === EBML_ID.docType) return readString(data, child.dataStart, child.end);
  }
  return null;
}

/** The known-size children of a known-size element; stops at the first malformed one. */
function* children(data: Buffer, start: number, end: number) {
  let pos = start;
  while (pos < end) {
    const child = readElementHeader(data, pos, end);
    if (!child || child.size === null) return;
    const childEnd = child.dataStart + child.size;
    if (childEnd > end) return;
    yield { id: child.id, dataStart: child.dataStart, end: childEnd };
    pos = childEnd;
  }
}

/** Length in bytes of an EBML variable-size integer, from its first byte (0 when invalid). */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length += 1) {
    if (first & (0x100 >> length)) return length;
  }
  return 0;
}

/** An element id (1–4 bytes, marker kept) and its size (null when "unknown"). */
function readElementHeader(data: Buffer, pos: number, end: number): ElementHeader | null {
  const first = data[pos];
  if (first === undefined) return null;
  const idLength = vintLength(first);
  if (idLength === 0 || idLength > 4 || pos + idLength > end) return null;
  let id = 0;
  for (let index = 0; index < idLength; index += 1) id = id * 256 + (data[pos + index] ?? 0);
  const size = readVint(data, pos + idLength, end);
  if (!size) return null;
  return { id, dataStart: pos + idLength + size.length, size: size.value };
}

/** A size-style vint (marker removed); value null when all its bits are set ("unknown"). */
function readVint(
  data: Buffer,
  pos: number,
  end: number,
): { value: number | null; length: number } | null {
  const first = data[pos];
  if (first === undefined) return null;
  const length = vintLength(first);
  if (length === 0 || pos + length > end) return null;
  const mask = 0xff >> length;
  let value = first & mask;
  let isAllOnes = value === mask;
  for (let index = 1; index < length; index += 1) {
    const byte = data[pos + index] ?? 0;
    value = value * 256 + byte;
    isAllOnes &&= byte === 0xff;
  }
  return { value: isAllOnes ? null : value, length };
}

function readUint(data: Buffer, start: number, length: number): number {
  let value = 0;
  for (let index = 0; index < Math.min(length, 8); index += 1) {
    value = value * 256 + (data[start + index] ?? 0);
  }
  return value;
}

function readString(data: Buffer, start: number, end: number): string {
  return data.toString('latin1', start, end).replace(/\0+$/, '');
}
