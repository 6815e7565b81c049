import { BUNDLED_SOUNDS, type BundledSoundId } from '@shabaash/core';

/**
 * The bundled alert sounds (the classic four and the alert themes' own, issue 33), synthesised once at first use as small 16-bit mono WAV files: no
 * binary assets in the repository, the same bytes on every instance, and nothing a streamer
 * uploaded. Each sound is a few notes with a soft attack and an exponential decay.
 */

const SAMPLE_RATE = 22_050;

/** `bell` rings with its octave; `square` is a chiptune buzz; `pluck` decays fast, like a string. */
type Note = {
  hz: number;
  startMs: number;
  lengthMs: number;
  gain?: number;
  wave?: 'bell' | 'square' | 'pluck';
};

/** A run of notes `stepMs` apart, each `lengthMs` long. */
function run(hzs: number[], stepMs: number, lengthMs: number, extra: Partial<Note> = {}): Note[] {
  return hzs.map((hz, index) => ({ hz, startMs: index * stepMs, lengthMs, ...extra }));
}

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
  // The themes' own sounds (issue 33). A bat's crack, then the crowd's rising cheer of notes.
  'cricket-sixer': [
    { hz: 180, startMs: 0, lengthMs: 90, wave: 'square', gain: 0.6 },
    ...run([392, 494, 587, 784, 988], 110, 380).map((note) => ({
      ...note,
      startMs: note.startMs + 120,
    })),
  ],
  // Soft twinkling lamps: high bells scattered over a warm low note.
  'diwali-lights': [
    { hz: 261.6, startMs: 0, lengthMs: 1400, gain: 0.4 },
    ...run([1568, 2093, 1760, 2349, 1976, 2637], 140, 500, { gain: 0.5 }),
  ],
  // A bouncy, playful splash of plucked notes.
  'holi-colours': run([523.3, 784, 659.3, 1046.5, 880, 1318.5, 1046.5], 90, 260, { wave: 'pluck' }),
  // A filmi flourish: a descending run into a big held chord.
  'bollywood-marquee': [
    ...run([1174.7, 1046.5, 880, 784, 698.5, 587.3], 70, 160, { wave: 'pluck', gain: 0.6 }),
    { hz: 587.3, startMs: 450, lengthMs: 1100 },
    { hz: 740, startMs: 450, lengthMs: 1100, gain: 0.7 },
    { hz: 880, startMs: 450, lengthMs: 1100, gain: 0.7 },
  ],
  // A kite climbing: a slow rising glide of soft notes.
  'kite-festival': run([440, 494, 554.4, 659.3, 740, 880], 120, 420, { gain: 0.7 }),
  // Two spoon-on-glass clinks.
  'chai-break': [
    { hz: 2637, startMs: 0, lengthMs: 300, gain: 0.8 },
    { hz: 3136, startMs: 30, lengthMs: 260, gain: 0.4 },
    { hz: 2637, startMs: 260, lengthMs: 420, gain: 0.8 },
  ],
  // An arcade coin: two square-wave blips.
  'neon-arcade': [
    { hz: 987.8, startMs: 0, lengthMs: 90, wave: 'square' },
    { hz: 1318.5, startMs: 90, lengthMs: 400, wave: 'square' },
  ],
  // A stately low fanfare.
  'royal-gold': [
    ...run([392, 392, 523.3], 180, 220),
    { hz: 659.3, startMs: 540, lengthMs: 900 },
    { hz: 523.3, startMs: 540, lengthMs: 900, gain: 0.6 },
  ],
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
      const decay = note.wave === 'pluck' ? 9 : 5;
      const envelope = Math.min(1, index / attack) * Math.exp((-decay * index) / length);
      const tone = waveAt(note.wave ?? 'bell', note.hz, t);
      samples[start + index] = (samples[start + index] ?? 0) + tone * envelope * (note.gain ?? 1);
    }
  }
  const peak = samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 1e-9);
  return Int16Array.from(samples, (sample) => Math.round((sample / peak) * 0.8 * 32_767));
}

function waveAt(wave: NonNullable<Note['wave']>, hz: number, t: number): number {
  const phase = 2 * Math.PI * hz * t;
  // A softened square (a few odd harmonics), so it buzzes without aliasing harshly.
  if (wave === 'square') return Math.sin(phase) + Math.sin(3 * phase) / 3 + Math.sin(5 * phase) / 5;
  // A touch of the octave above makes it ring like a bell rather than beep.
  const octave = wave === 'pluck' ? 0.5 : 0.3;
  return Math.sin(phase) + octave * Math.sin(2 * phase);
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
