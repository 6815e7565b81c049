import { SPEECH_EMOTIONS, SPEECH_LIMITS } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every word of the speech settings (Settings → Alerts → Read aloud). */
export const SPEECH_TEXT = /* @__PURE__ */ localized('speech', {
  title: 'Read tips aloud',
  description:
    'Text tips are read out on stream after the alert sound, as an audio file OBS captures with the overlay.',
  providerLine: (label: string) => t('speech.providerLineFn', { label }, `Voices by ${label}.`),
  enabledLabel: 'Read text tips aloud on stream',
  enabledHint: 'Your donation page promises “Read out on stream” only while this is on.',
  minAmountLabel: 'Minimum amount to be read (₹)',
  minAmountHint: 'Smaller tips still show on stream, without speech.',
  maxCharsLabel: 'Most characters read',
  maxCharsHint: () =>
    t(
      'speech.maxCharsHintFn',
      { min: SPEECH_LIMITS.maxCharsMin, max: SPEECH_LIMITS.maxCharsMax },
      `Longer messages are cut at a word (${SPEECH_LIMITS.maxCharsMin}–${SPEECH_LIMITS.maxCharsMax}).`,
    ),
  volumeLabel: 'Speech volume',
  voiceHiLabel: 'Hindi voice (Devanagari messages)',
  voiceEnLabel: 'English voice (Latin letters, Hinglish too)',
  templateHiLabel: 'Read template, Hindi',
  templateEnLabel: 'Read template, English',
  templateHint: () =>
    t(
      'speech.templateHintFn',
      { name: '{name}', amount: '{amount}', message: '{message}' },
      'Use {name}, {amount} and {message}.',
    ),
  readVoiceTipsLabel: 'Also read the message of voice tips',
  readVoiceTipsHint: 'Off: a voice tip plays the fan’s own clip only.',
  emotionHint: () =>
    t(
      'speech.emotionHintFn',
      { tags: `[${SPEECH_EMOTIONS.join('], [')}]` },
      `Fans may write [${SPEECH_EMOTIONS.join('], [')}] to change the voice’s style; tags are never read as words, and blocked words are left out.`,
    ),
  previewHindi: 'Preview Hindi',
  previewEnglish: 'Preview English',
  previewing: 'Rendering…',
  previewFailed: 'The preview could not be played.',
  loading: 'Loading speech settings…',
  loadError: 'The speech settings could not be loaded.',
  retry: 'Try again',
  rupeesInvalid: 'Enter the minimum as a rupee amount, such as 50 or 50.50.',
  wholeNumber: 'Enter whole numbers for characters and volume.',
} as const);
