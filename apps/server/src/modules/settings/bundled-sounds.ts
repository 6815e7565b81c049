import { BUNDLED_SOUNDS, type BundledSoundId } from '@shabaash/core';

/**
 * The bundled alert sounds, synthesised once at first use as small 16-bit mono WAV files: no
 * binary assets in the repository, the same bytes on every instance, and nothing a streamer
 * uploaded. Each sound is a few notes with a soft attack and an exponential decay.
 */

const SAMPLE_RATE = 22_050;

type Note = { hz: number; startMs: number; lengthMs: number; gain?: number };

const RECIPES: Record<BundledSoundId, Note[]> = {
  // A bright two-note bell.
  chime: [
    { hz: 1318.5, startMs: 0, lengthMs: 700 },
    { hz: 1760, startMs: 140, lengthMs: 900 },
  ],
  // Quick high pings, like coins dropping.
  coins: [
    { hz: 2093, startMs: 0, lengthMs: 160, gain: 0.7 },
    { hz: 2637, startMs: 90, lengthMs: 180, gain: 0.7 },
    { hz: 2093, startMs: 200, lengthMs: 160, gain: 0.6 },
    { hz: 3136, startMs: 290, lengthMs: 420, gain: 0.7 },
  ],
  // A rising major arpeggio.
  fanfare: [
    { hz: 523.3, startMs: 0, lengthMs: 260 },
    { hz: 659.3, startMs: 150, lengthMs: 260 },
    { hz: 784, startMs: 300, lengthMs: 260 },
    { hz: 1046.5, startMs: 450, lengthMs: 800 },
  ],
  // One short low blip.
  pop: [{ hz: 660, startMs: 0, lengthMs: 180 }],
};

const cache = new Map<BundledSoundId, Buffer>();

export function isBundledSoundId(id: string): id is BundledSoundId {
  return BUNDLED_SOUNDS.some((sound) => sound.id === id);
}

/** The WAV bytes of a bundled sound. */
export function bundledSoundWav(id: BundledSoundId): Buffer {
  const cached = cache.get(id);
  if (cached) return cached;
  const wav = encodeWav(synthesise(RECIPES[id]));
  cache.set(id, wav);
  return wav;
}

function synthesise(notes: Note[]): Int16Array {
  const endMs = Math.max(...notes.map((note) => note.startMs + note.lengthMs));
  const samples = new Float64Array(Math.ceil((endMs / 1000) * SAMPLE_RATE));
  for (const note of notes) {
    const start = Math.floor((note.startMs / 1000) * SAMPLE_RATE);
    const length = Math.floor((note.lengthMs / 1000) * SAMPLE_RATE);
    const attack = Math.floor(0.005 * SAMPLE_RATE);
    for (let index = 0; index < length && start + index < samples.length; index += 1) {
      const t = index / SAMPLE_RATE;
      const envelope = Math.min(1, index / attack) * Math.exp((-5 * index) / length);
      // A touch of the octave above makes it ring like a bell rather than beep.
      const tone =
        Math.sin(2 * Math.PI * note.hz * t) + 0.3 * Math.sin(2 * Math.PI * note.hz * 2 * t);
      samples[start + index] = (samples[start + index] ?? 0) + tone * envelope * (note.gain ?? 1);
    }
  }
  const peak = samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 1e-9);
  return Int16Array.from(samples, (sample) => Math.round((sample / peak) * 0.8 * 32_767));
}

function encodeWav(pcm: Int16Array): Buffer {
  const dataBytes = pcm.length * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  for (const [index, sample] of pcm.entries()) wav.writeInt16LE(sample, 44 + index * 2);
  return wav;
}
