/**
 * MP4 / M4A duration (ISO/IEC 14496-12). A plain file says it in `mvhd` (duration over
 * timescale) and in each track's sample table (`stts`); Safari's MediaRecorder writes a
 * fragmented file whose `mvhd` says 0, so the length is then `mehd` or the sum of the sample
 * durations in every fragment's `trun`. The longest of these is the answer, so a file cannot
 * hide samples behind a short header. Only files whose tracks are all sound are accepted.
 */

type Box = { type: string; start: number; dataStart: number; end: number };

type TrackInfo = {
  id: number;
  handler: string;
  timescale: number;
  mdhdDuration: number;
  sttsDuration: number;
  defaultSampleDuration: number;
  fragmentDuration: number;
};

/** 32-bit and 64-bit "unknown" durations. */
const UNKNOWN_32 = 0xffffffff;

export function looksLikeMp4(data: Buffer): boolean {
  return data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp';
}

/** Returns the duration in ms of an audio-only MP4 file, or null when it is not one. */
export function mp4DurationMs(data: Buffer): number | null {
  const top = readBoxes(data, 0, data.length);
  if (top[0]?.type !== 'ftyp') return null;
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) return null;

  let movieTimescale = 0;
  let movieDuration = 0;
  let fragmentDurationDeclared = 0;
  const tracks = new Map<number, TrackInfo>();
  const trexDefaults = new Map<number, number>();

  for (const box of readBoxes(data, moov.dataStart, moov.end)) {
    if (box.type === 'mvhd') {
      const header = readMvhd(data, box);
      if (header) ({ timescale: movieTimescale, duration: movieDuration } = header);
    }
    if (box.type === 'trak') {
      const track = readTrak(data, box);
      if (track) tracks.set(track.id, track);
    }
    if (box.type === 'mvex') {
      for (const child of readBoxes(data, box.dataStart, box.end)) {
        if (child.type === 'mehd') fragmentDurationDeclared = readVersionedUint(data, child);
        if (child.type === 'trex' && child.end - child.dataStart >= 24) {
          trexDefaults.set(
            data.readUInt32BE(child.dataStart + 4),
            data.readUInt32BE(child.dataStart + 12),
          );
        }
      }
    }
  }
  if (tracks.size === 0) return null;
  const all = [...tracks.values()];
  if (all.some((track) => track.handler !== 'soun')) return null;
  for (const track of all) track.defaultSampleDuration = trexDefaults.get(track.id) ?? 0;

  for (const moof of top.filter((box) => box.type === 'moof')) {
    for (const traf of readBoxes(data, moof.dataStart, moof.end)) {
      if (traf.type === 'traf') addFragment(data, traf, tracks);
    }
  }

  let seconds = 0;
  if (movieTimescale > 0) {
    seconds = Math.max(seconds, movieDuration / movieTimescale);
    seconds = Math.max(seconds, fragmentDurationDeclared / movieTimescale);
  }
  for (const track of all) {
    if (track.timescale <= 0) continue;
    const longest = Math.max(track.mdhdDuration, track.sttsDuration, track.fragmentDuration);
    seconds = Math.max(seconds, longest / track.timescale);
  }
  return Math.round(seconds * 1000);
}

function readMvhd(data: Buffer, box: Box): { timescale: number; duration: number } | null {
  const version = data[box.dataStart];
  const at = box.dataStart + 4 + (version === 1 ? 16 : 8);
  const durationBytes = version === 1 ? 8 : 4;
  if (at + 4 + durationBytes > box.end) return null;
  return {
    timescale: data.readUInt32BE(at),
    duration: readDuration(data, at + 4, durationBytes),
  };
}

function readTrak(data: Buffer, trak: Box): TrackInfo | null {
  const track: TrackInfo = {
    id: 0,
    handler: '',
    timescale: 0,
    mdhdDuration: 0,
    sttsDuration: 0,
    defaultSampleDuration: 0,
    fragmentDuration: 0,
  };
  for (const box of readBoxes(data, trak.dataStart, trak.end)) {
    if (box.type === 'tkhd') {
      const version = data[box.dataStart];
      const at = box.dataStart + 4 + (version === 1 ? 16 : 8);
      if (at + 4 <= box.end) track.id = data.readUInt32BE(at);
    }
    if (box.type === 'mdia') readMdia(data, box, track);
  }
  return track.id > 0 ? track : null;
}

function readMdia(data: Buffer, mdia: Box, track: TrackInfo): void {
  for (const box of readBoxes(data, mdia.dataStart, mdia.end)) {
    if (box.type === 'mdhd') {
      const header = readMvhd(data, box); // same layout up to the duration
      if (header) {
        track.timescale = header.timescale;
        track.mdhdDuration = header.duration;
      }
    }
    if (box.type === 'hdlr' && box.dataStart + 12 <= box.end) {
      track.handler = data.toString('latin1', box.dataStart + 8, box.dataStart + 12);
    }
    if (box.type === 'minf') {
      const stbl = readBoxes(data, box.dataStart, box.end).find((child) => child.type === 'stbl');
      const stts = stbl && readBoxes(data, stbl.dataStart, stbl.end).find((b) => b.type === 'stts');
      if (stts) track.sttsDuration = sumStts(data, stts);
    }
  }
}

/** Σ sample_count × sample_delta over the time-to-sample table. */
function sumStts(data: Buffer, box: Box): number {
  if (box.dataStart + 8 > box.end) return 0;
  const entries = data.readUInt32BE(box.dataStart + 4);
  let total = 0;
  let at = box.dataStart + 8;
  for (let index = 0; index < entries && at + 8 <= box.end; index += 1, at += 8) {
    total += data.readUInt32BE(at) * data.readUInt32BE(at + 4);
  }
  return total;
}

/** Adds one fragment's sample durations (tfhd/trex defaults, or per-sample in trun). */
function addFragment(data: Buffer, traf: Box, tracks: Map<number, TrackInfo>): void {
  const boxes = readBoxes(data, traf.dataStart, traf.end);
  const tfhd = boxes.find((box) => box.type === 'tfhd');
  if (!tfhd || tfhd.dataStart + 8 > tfhd.end) return;
  const tfhdFlags = data.readUInt32BE(tfhd.dataStart) & 0xffffff;
  const track = tracks.get(data.readUInt32BE(tfhd.dataStart + 4));
  if (!track) return;
  let defaultDuration = track.defaultSampleDuration;
  let at = tfhd.dataStart + 8;
  if (tfhdFlags & 0x01) at += 8; // base_data_offset
  if (tfhdFlags & 0x02) at += 4; // sample_description_index
  if (tfhdFlags & 0x08 && at + 4 <= tfhd.end) defaultDuration = data.readUInt32BE(at);

  for (const trun of boxes.filter((box) => box.type === 'trun')) {
    if (trun.dataStart + 8 > trun.end) continue;
    const flags = data.readUInt32BE(trun.dataStart) & 0xffffff;
    const sampleCount = data.readUInt32BE(trun.dataStart + 4);
    let cursor = trun.dataStart + 8;
    if (flags & 0x001) cursor += 4; // data_offset
    if (flags & 0x004) cursor += 4; // first_sample_flags
    const hasDuration = (flags & 0x100) !== 0;
    const fieldBytes = [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length * 4;
    if (!hasDuration) {
      track.fragmentDuration += sampleCount * defaultDuration;
      continue;
    }
    // Never trust sample_count past the end of the box.
    for (let index = 0; index < sampleCount && cursor + fieldBytes <= trun.end; index += 1) {
      track.fragmentDuration += data.readUInt32BE(cursor);
      cursor += fieldBytes;
    }
  }
}

function readVersionedUint(data: Buffer, box: Box): number {
  const version = data[box.dataStart];
  const bytes = version === 1 ? 8 : 4;
  if (box.dataStart + 4 + bytes > box.end) return 0;
  return readDuration(data, box.dataStart + 4, bytes);
}

function readDuration(data: Buffer, at: number, bytes: number): number {
  if (bytes === 4) {
    const value = data.readUInt32BE(at);
    return value === UNKNOWN_32 ? 0 : value;
  }
  const value = data.readBigUInt64BE(at);
  return value === 0xffffffffffffffffn ? 0 : Number(value);
}

/** The boxes between start and end; stops at the first one that does not fit. */
function readBoxes(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let pos = start;
  while (pos + 8 <= end) {
    let size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    let headerBytes = 8;
    if (size === 1) {
      if (pos + 16 > end) break;
      size = Number(data.readBigUInt64BE(pos + 8));
      headerBytes = 16;
    } else if (size === 0) {
      size = end - pos; // extends to the end of its parent
    }
    if (size < headerBytes || pos + size > end) break;
    boxes.push({ type, start: pos, dataStart: pos + headerBytes, end: pos + size });
    pos += size;
  }
  return boxes;
}
