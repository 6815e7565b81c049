import type { Config } from '../../config.ts';
import { createEspeakProvider } from './providers/espeak.provider.ts';
import { createSarvamProvider } from './providers/sarvam.provider.ts';
import type { SpeechProvider } from './speech-provider.ts';

/** The configured speech provider: embedded eSpeak NG unless SPEECH_PROVIDER says otherwise. */
export function createSpeechProvider(config: Config): SpeechProvider {
  if (config.SPEECH_PROVIDER === 'sarvam') {
    // loadConfig refuses SPEECH_PROVIDER=sarvam without a key.
    return createSarvamProvider({
      apiKey: config.SARVAM_API_KEY ?? '',
      baseUrl: config.SARVAM_API_BASE,
    });
  }
  return createEspeakProvider(config.SPEECH_CONCURRENCY, config.SPEECH_RENDER_NICE);
}
