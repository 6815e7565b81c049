/** Frame sizes in microseconds by the low two bits of an Opus TOC config (RFC 6716 §3.1). */
const SILK_FRAME_US = [10_000, 20_000, 40_000, 60_000];
const HYBRID_FRAME_US = [10_000, 20_000];
const CELT_FRAME_US = [2_500, 5_000, 10_000, 20_000];

/**
 * How long one Opus packet plays, in microseconds, from its TOC byte (RFC 6716 §3.1); null
 * when the packet is empty or malformed. A WebM block holds one packet, so the last block's
 * length comes from here rather than from a guess.
 */
export function opusPacketDurationUs(packet: Uint8Array): number | null {
  const toc = packet[0];
  if (toc === undefined) return null;
  const config = toc >> 3;
  let frameUs: number;
  if (config < 12) frameUs = SILK_FRAME_US[config % 4] ?? 0;
  else if (config < 16) frameUs = HYBRID_FRAME_US[config % 2] ?? 0;
  else frameUs = CELT_FRAME_US[config % 4] ?? 0;

  const code = toc & 0b11;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code === 3) {
    const countByte = packet[1];
    if (countByte === undefined) return null;
    frames = countByte & 0x3f;
  } else frames = 2;
  const total = frameUs * frames;
  // RFC 6716 §3.2.5: a packet never holds more than 120 ms of audio.
  return frames > 0 && total <= 120_000 ? total : null;
}
