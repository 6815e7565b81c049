import type {
  SpeechProvider,
  SpeechProviderError,
  SpeechRequest,
} from '../../src/modules/speech/speech-provider.ts';

/**
 * A speech provider the test controls: it records every request and renders at once (its audio is
 * the request as JSON), or only when the test lets it (`hold`, then `release`), or fails as told.
 * Tests that are not about speech use it too: eSpeak NG renders at the lowest CPU priority,
 * and on a busy machine a test would wait seconds for them.
 */
export function controllableSpeechProvider() {
  const requests: SpeechRequest[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};
  const failures: SpeechProviderError[] = [];
  /** When each failure was thrown (ms since the epoch): a back-off is measured from there. */
  const failedAt: number[] = [];
  const provider: SpeechProvider = {
    name: 'espeak',
    label: 'test voice',
    voices: {
      hi: [{ id: 'hi', label: 'Hindi' }],
      en: [
        { id: 'en-gb', label: 'English' },
        { id: 'en-us', label: 'American' },
      ],
    },
    async synthesize(request) {
      requests.push(request);
      await gate;
      const failure = failures.shift();
      if (failure) {
        failedAt.push(Date.now());
        throw failure;
      }
      const audio = Buffer.concat([Buffer.from('RIFF'), Buffer.from(JSON.stringify(request))]);
      return { audio, contentType: 'audio/wav', extension: 'wav' };
    },
    async close() {},
  };
  return {
    provider,
    requests,
    failedAt,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    failNext: (error: SpeechProviderError) => failures.push(error),
  };
}
