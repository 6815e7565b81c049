import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SpeechEmotion } from '@shabaash/core';
import {
  SpeechProviderError,
  type RenderedSpeech,
  type SpeechProvider,
  type SpeechRequest,
} from '../speech-provider.ts';
import type { SpeechSegment } from '../speech-text.ts';

/**
 * eSpeak NG has no Indian-English voice: British English is the nearest. `+f3` is eSpeak's
 * female variant of the same voice.
 */
const ESPEAK_VOICES = {
  hi: [
    { id: 'hi', label: 'Hindi (male)' },
    { id: 'hi+f3', label: 'Hindi (female)' },
  ],
  en: [
    { id: 'en-gb', label: 'English, British (male)' },
    { id: 'en-gb+f3', label: 'English, British (female)' },
    { id: 'en-us', label: 'English, American (male)' },
  ],
} as const;

/**
 * How each tag changes eSpeak's voice, as SSML prosody. eSpeak cannot laugh: `[laugh]` is
 * dropped (its words are read in the plain voice).
 */
const PROSODY: Record<SpeechEmotion, string | null> = {
  excited: 'rate="125%" pitch="+25%"',
  happy: 'rate="110%" pitch="+15%"',
  sad: 'rate="80%" pitch="-20%"',
  whisper: 'volume="x-soft" rate="90%"',
  shout: 'volume="x-loud" rate="110%"',
  laugh: null,
};

/** A render that takes longer than this is stopped (the worker is replaced) and retried later. */
const RENDER_TIMEOUT_MS = 20_000;
/**
 * Lowers a worker's CPU priority. Nice alone is not enough where Linux groups processes by
 * session (autogroup, on by default): a niced worker in the server's session still shares a
 * core evenly with PostgreSQL's processes, which slowed webhooks on PostgreSQL (issue 23). So
 * the worker has a session of its own (detached) and that session's group gets the same nice.
 */
function lowerPriority(pid: number, nice: number): void {
  try {
    os.setPriority(pid, nice);
  } catch {
    // Some platforms refuse: renders then share the CPU evenly, which still works.
  }
  try {
    fs.writeFileSync(`/proc/${String(pid)}/autogroup`, String(nice));
  } catch {
    // Not Linux, or autogroup is off (then nice alone applies).
  }
}
const WORKER_SCRIPT = fileURLToPath(new URL('./espeak-worker.mjs', import.meta.url));

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The segments as SSML: donor text is escaped, so it can never add markup of its own. */
export function toSsml(segments: readonly SpeechSegment[]): string {
  const body = segments
    .map((segment) => {
      const text = escapeXml(segment.text);
      const prosody = segment.emotion ? PROSODY[segment.emotion] : null;
      return prosody ? `<prosody ${prosody}>${text}</prosody>` : text;
    })
    .join(' ');
  return `<speak>${body}</speak>`;
}

type Pending = {
  resolve: (wav: Buffer) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

/** One worker process rendering one message at a time. */
class EspeakWorker {
  constructor(private readonly nice: number) {}

  private worker: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  render(voice: string, ssml: string): Promise<Buffer> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new SpeechProviderError('eSpeak NG timed out', true));
        // A stuck render cannot be cancelled inside the worker: replace the worker.
        void this.stop();
      }, RENDER_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.send({ id, voice, ssml });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new SpeechProviderError('eSpeak NG stopped', true));
      this.pending.delete(id);
    }
    worker?.kill();
  }

  private ensureWorker(): ChildProcess {
    if (this.worker) return this.worker;
    // No TypeScript loader and no inherited flags: the script is plain JavaScript.
    const worker = fork(WORKER_SCRIPT, [], {
      execArgv: [],
      serialization: 'advanced', // the WAV travels as bytes, not JSON
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      detached: true, // a session of its own: see lowerPriority
    });
    if (worker.pid !== undefined) lowerPriority(worker.pid, this.nice);
    worker.on('message', (message: { id: number; wav?: Uint8Array; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.wav) pending.resolve(Buffer.from(message.wav));
      else pending.reject(new SpeechProviderError(`eSpeak NG failed: ${message.error}`, false));
    });
    const crashed = (reason: string) => {
      if (this.worker !== worker) return;
      for (const pending of this.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(new SpeechProviderError(`eSpeak NG stopped: ${reason}`, true));
      }
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', (error) => crashed(error.message));
    worker.on('exit', (code) => crashed(`exit code ${String(code)}`));
    // An idle worker does not keep the server running.
    worker.unref();
    worker.channel?.unref();
    this.worker = worker;
    return worker;
  }
}

/**
 * The embedded default: eSpeak NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later,
 * server only), with Hindi and English voices. No key, no network. Renders run in child
 * processes at the CPU priority `nice` (SPEECH_RENDER_NICE: 19, the lowest, unless the operator
 * says otherwise), `concurrency` at a time at most.
 */
export function createEspeakProvider(concurrency: number, nice: number): SpeechProvider {
  const workers = Array.from({ length: concurrency }, () => new EspeakWorker(nice));
  const idle = [...workers];
  const waiting: Array<(worker: EspeakWorker) => void> = [];

  async function withWorker<T>(task: (worker: EspeakWorker) => Promise<T>): Promise<T> {
    const worker = idle.pop() ?? (await new Promise<EspeakWorker>((r) => waiting.push(r)));
    try {
      return await task(worker);
    } finally {
      const next = waiting.shift();
      if (next) next(worker);
      else idle.push(worker);
    }
  }

  return {
    name: 'espeak',
    label: 'eSpeak NG (built in)',
    voices: ESPEAK_VOICES,
    async synthesize(request: SpeechRequest): Promise<RenderedSpeech> {
      const ssml = toSsml(request.segments);
      const audio = await withWorker((worker) => worker.render(request.voice, ssml));
      return { audio, contentType: 'audio/wav', extension: 'wav' };
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
