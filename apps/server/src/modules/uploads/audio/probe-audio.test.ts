import { describe, expect, it } from 'vitest';
import { audioFixture } from '../voice-upload.test-helper.ts';
import { opusPacketDurationUs } from './opus-packet.ts';
import { probeAudio } from './probe-audio.ts';

/** Container length vs. the nominal clip length: encoders add priming and a last frame. */
const TOLERANCE_MS = 80;

describe('probeAudio: real recordings', () => {
  it.each([
    ['voice-3s-chrome.webm', 'webm', 'audio/webm', 3000],
    ['voice-2s-ffmpeg.webm', 'webm', 'audio/webm', 2000],
    ['voice-61s-chrome.webm', 'webm', 'audio/webm', 61_440],
    ['voice-0s.webm', 'webm', 'audio/webm', 0],
    ['voice-2s.ogg', 'ogg', 'audio/ogg', 2000],
    ['voice-0.5s.ogg', 'ogg', 'audio/ogg', 500],
    ['voice-2s.m4a', 'mp4', 'audio/mp4', 2000],
    ['voice-2s-fragmented.m4a', 'mp4', 'audio/mp4', 2000],
    ['voice-2s.mp3', 'mp3', 'audio/mpeg', 2000],
    ['voice-2s-vbr.mp3', 'mp3', 'audio/mpeg', 2000],
    ['voice-2s-plain.mp3', 'mp3', 'audio/mpeg', 2000],
  ])('%s is %s (%s) of about %d ms', (name, container, contentType, expectedMs) => {
    const probe = probeAudio(audioFixture(name));
    expect(probe).toMatchObject({ container, contentType });
    expect(Math.abs((probe?.durationMs ?? -1) - expectedMs)).toBeLessThanOrEqual(TOLERANCE_MS);
  });

  it("measures Chrome's WebM, which has no Duration element, from its blocks", () => {
    // Chrome's MediaRecorder: unknown-size Segment and Clusters; last block at 2.94 s holding
    // a 60 ms Opus packet.
    const data = audioFixture('voice-3s-chrome.webm');
    expect(data.includes(Buffer.from([0x44, 0x89]))).toBe(false);
    expect(probeAudio(data)?.durationMs).toBe(3000);
  });
});

describe('probeAudio: what is not a recording', () => {
  it.each([
    ['a text file', Buffer.from('Hello, this is not audio at all.\n'.repeat(50))],
    ['an empty file', Buffer.alloc(0)],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 256))],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['an EBML header alone', audioFixture('voice-3s-chrome.webm').subarray(0, 40)],
    [
      '"ID3" followed by text',
      Buffer.from('ID3 is how this text starts, and nothing else follows.'),
    ],
    ['an ftyp without a movie', Buffer.concat([box('ftyp', Buffer.from('heicmif1'))])],
  ])('refuses %s', (_label, data) => {
    expect(probeAudio(data)).toBeNull();
  });

  it('refuses a WebM with a video track', () => {
    const data = Buffer.from(audioFixture('voice-3s-chrome.webm'));
    const trackType = data.indexOf(Buffer.from([0x83, 0x81, 0x02]));
    data[trackType + 2] = 0x01; // TrackType audio → video
    expect(probeAudio(data)).toBeNull();
  });

  it('refuses an MP4 with a video track', () => {
    expect(probeAudio(syntheticMp4({ handler: 'vide', mehdMs: 5000 }))).toBeNull();
  });
});

describe('probeAudio: damaged and deceptive files', () => {
  it('keeps counting WebM clusters after junk between them', () => {
    const data = audioFixture('voice-3s-chrome.webm');
    const second = data.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), 200);
    const spliced = Buffer.concat([
      data.subarray(0, second),
      Buffer.alloc(64),
      data.subarray(second),
    ]);
    expect(probeAudio(spliced)?.durationMs).toBe(3000);
  });

  it('reads every cluster of an unknown-size WebM (cut before the third: 0–2.04 s)', () => {
    const data = audioFixture('voice-3s-chrome.webm');
    const third = data.lastIndexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(probeAudio(data.subarray(0, third))?.durationMs).toBe(2040);
  });

  it('measures what is there of a truncated WebM', () => {
    const data = audioFixture('voice-3s-chrome.webm');
    const durationMs = probeAudio(data.subarray(0, Math.floor(data.length * 0.6)))?.durationMs;
    expect(durationMs).toBeGreaterThan(500);
    expect(durationMs).toBeLessThan(3000);
  });

  it('skips an Ogg page whose CRC does not match and still finds the last granule', () => {
    const data = Buffer.from(audioFixture('voice-2s.ogg'));
    const third = data.indexOf('OggS', 100, 'latin1');
    data[third + 40] = (data[third + 40] ?? 0) ^ 0xff;
    expect(probeAudio(data)?.durationMs).toBe(2000);
  });

  it('does not believe an MP3 Xing header that declares fewer frames than there are', () => {
    const data = Buffer.from(audioFixture('voice-2s-vbr.mp3'));
    const xing = data.indexOf('Xing', 0, 'latin1');
    data.writeUInt32BE(1, xing + 8);
    expect(probeAudio(data)?.durationMs).toBeGreaterThan(2000);
  });

  it('believes an MP3 Xing header that declares more (the longer answer wins)', () => {
    const data = Buffer.from(audioFixture('voice-2s-vbr.mp3'));
    const xing = data.indexOf('Xing', 0, 'latin1');
    data.writeUInt32BE(10_000, xing + 8);
    expect(probeAudio(data)?.durationMs).toBeGreaterThan(200_000);
  });

  it('reads a fragmented MP4 from its mehd when the fragments say less', () => {
    expect(probeAudio(syntheticMp4({ handler: 'soun', mehdMs: 5000 }))).toMatchObject({
      container: 'mp4',
      durationMs: 5000,
    });
  });
});

describe('opusPacketDurationUs', () => {
  it.each([
    [[0xfb, 0x03], 60_000], // CELT FB 20 ms, code 3, 3 frames (Chrome)
    [[0xfc], 20_000], // CELT FB 20 ms, one frame
    [[0x08], 20_000], // SILK NB 20 ms
    [[(14 << 3) | 0x01], 20_000], // Hybrid FB 10 ms, two frames
    [[0xe0], 2_500], // CELT 2.5 ms
  ])('TOC %j lasts %d µs', (bytes, microseconds) => {
    expect(opusPacketDurationUs(Uint8Array.from(bytes))).toBe(microseconds);
  });

  it('refuses empty and over-long packets', () => {
    expect(opusPacketDurationUs(new Uint8Array())).toBeNull();
    expect(opusPacketDurationUs(Uint8Array.from([0xfb, 0x3f]))).toBeNull(); // 63 × 20 ms
  });
});

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function u32(...values: number[]): Buffer {
  const buffer = Buffer.alloc(4 * values.length);
  values.forEach((value, index) => buffer.writeUInt32BE(value, index * 4));
  return buffer;
}

/** A fragmented MP4 whose only duration is its mehd (Safari writes files like this). */
function syntheticMp4({ handler, mehdMs }: { handler: string; mehdMs: number }): Buffer {
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, 0), Buffer.alloc(80));
  const tkhd = box('tkhd', u32(0, 0, 0, 1, 0, 0), Buffer.alloc(60));
  const mdhd = box('mdhd', u32(0, 0, 0, 48_000, 0, 0));
  const hdlr = box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'), Buffer.alloc(13));
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr));
  const mvex = box('mvex', box('mehd', u32(0, mehdMs)), box('trex', u32(0, 1, 1, 1024, 0, 0)));
  return Buffer.concat([
    box('ftyp', Buffer.from('M4A '), u32(0), Buffer.from('isom')),
    box('moov', mvhd, trak, mvex),
  ]);
}
