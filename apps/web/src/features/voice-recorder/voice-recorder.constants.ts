import type { ToastText } from '@shabaash/core';

import { localized } from '../../i18n/i18n';

/** Spec 02 §9: recordings stop by themselves at 60 s and arrive in 1-second chunks. */
export const MAX_RECORDING_MS = 60_000;
export const RECORDING_CHUNK_MS = 1_000;

/** Spec 02 §9: echo cancellation, noise suppression, auto gain, 44.1 kHz (a preference only). */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    sampleRate: 44_100,
  },
};

/** Spec 02 §8, microphone row. */
export const RECORDING_ERROR: ToastText = localized('voice.recordingError', {
  title: 'Recording Error',
  description: 'Failed to access microphone. Please check permissions.',
});

export const VOICE_RECORDER_TEXT = localized('voice', {
  label: 'Voice message',
  hint: 'Record up to 60 seconds.',
  start: 'Start recording',
  requesting: 'Waiting for the microphone…',
  recording: 'Recording',
  stop: 'Stop recording',
  play: 'Play recording',
  pause: 'Pause recording',
  reRecord: 'Re-record',
  uploading: 'Uploading voice message…',
  uploaded: 'Voice message ready',
  retryUpload: 'Retry upload',
  autoStopped: 'Stopped at the 60-second limit.',
} as const);
