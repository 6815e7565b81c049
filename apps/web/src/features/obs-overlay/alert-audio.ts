import { SPEECH_WAIT_MS, type OverlayAlert, type OverlaySpeech } from '@shabaash/core';

import type { AlertPresentation } from './alert-presentation';
import type { AudioClip, AudioStep } from './audio-sequence';

/** How often the overlay asks whether an alert's speech is ready. */
export const SPEECH_POLL_MS = 400;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for an alert's speech until it is ready, known to be absent, or `SPEECH_WAIT_MS` have
 * passed since the alert came on screen; then resolves to the clip, or null (the alert plays
 * without speech, so a slow provider never stalls the queue). A failed ask is asked again.
 */
export async function waitForSpeech(
  fetchSpeech: () => Promise<OverlaySpeech>,
  options: { waitMs?: number; pollMs?: number; now?: () => number; wait?: typeof sleep } = {},
): Promise<AudioClip | null> {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? sleep;
  const deadline = now() + (options.waitMs ?? SPEECH_WAIT_MS);
  for (;;) {
    try {
      const speech = await fetchSpeech();
      if (speech.status === 'ready') return { url: speech.url, volume: speech.volume / 100 };
      if (speech.status !== 'pending') return null;
    } catch (error) {
      console.warn('Could not ask for the alert’s speech.', error);
    }
    const left = deadline - now();
    if (left <= 0) return null;
    await wait(Math.min(options.pollMs ?? SPEECH_POLL_MS, left));
  }
}

/** Whether the server may have speech for this alert (it decides; hyperemotes never). */
function mayHaveSpeech(alert: OverlayAlert): boolean {
  return alert.kind === 'test' || alert.donation.type !== 'hyperemote';
}

/**
 * An alert's audio, in the order it plays and never overlapping: the alert sound, then the
 * speech (when the streamer reads tips aloud), then the fan's voice message. A voice message
 * below the variation's sound threshold stays silent, as the sound does. `speech` is asked at
 * once, so it renders while the alert sound plays.
 */
export function alertAudioSteps(
  alert: OverlayAlert,
  presentation: Pick<AlertPresentation, 'soundUrl' | 'isAudible'>,
  speech: (alert: OverlayAlert) => Promise<AudioClip | null>,
): AudioStep[] {
  const steps: AudioStep[] = [];
  if (presentation.soundUrl) steps.push({ kind: 'sound', clip: { url: presentation.soundUrl } });
  if (mayHaveSpeech(alert)) steps.push({ kind: 'speech', clip: speech(alert) });
  const voiceUrl = alert.donation.voice_url;
  if (voiceUrl && presentation.isAudible) steps.push({ kind: 'voice', clip: { url: voiceUrl } });
  return steps;
}
