import { overlaySound, type OverlaySound } from './overlay-sound';

/** What a clip is, for logs and for the page's `data-overlay-audio` attribute. */
export type AudioClipKind = 'sound' | 'speech' | 'voice';

/** A clip to play; `volume` 0–1 is the element's own (the streamer's speech volume). */
export type AudioClip = { url: string; volume?: number };

/**
 * One clip of an alert's audio. `clip` may be a promise (speech still rendering): the sequence
 * waits for it when its turn comes, and skips the step when it resolves to null.
 */
export type AudioStep = {
  kind: AudioClipKind;
  clip: AudioClip | Promise<AudioClip | null>;
};

/** Creates the element a clip plays in (tests pass a fake). */
export type CreateAudio = () => HTMLAudioElement;

const createAudioElement: CreateAudio = () => document.createElement('audio');

/**
 * The overlay's one audio track (issues 23 and 24): an alert's clips play one after another,
 * never overlapping (alert sound → speech or voice message), in plain `<audio>` elements so
 * OBS captures them with "Control audio via OBS". Starting a new sequence or `stop()` ends the
 * one playing. The streamer's mute (`OverlaySound`) reaches every clip, including one that
 * starts while muted. A clip that cannot load or play is logged and skipped: it never holds
 * the alert on screen.
 */
export class AudioSequence {
  private current: { element: HTMLAudioElement; untrack: () => void } | null = null;
  /** Bumped by every play and stop, so a sequence that was replaced stops at its next step. */
  private generation = 0;

  constructor(
    private readonly sound: OverlaySound = overlaySound,
    private readonly createAudio: CreateAudio = createAudioElement,
  ) {}

  /** Plays the steps in order; resolves when the last has ended, or when stopped. */
  async play(steps: readonly AudioStep[]): Promise<'ended' | 'stopped'> {
    this.stop();
    const generation = this.generation;
    for (const step of steps) {
      const clip = await step.clip;
      if (generation !== this.generation) return 'stopped';
      if (!clip) continue;
      await this.playClip(step.kind, clip);
      if (generation !== this.generation) return 'stopped';
    }
    return 'ended';
  }

  /** Ends the clip playing now and the rest of its sequence (skip, OBS hid the source). */
  stop(): void {
    this.generation += 1;
    const current = this.current;
    this.current = null;
    if (!current) return;
    current.untrack();
    current.element.pause();
    current.element.removeAttribute('src');
    current.element.load();
    current.element.remove();
  }

  /** Mutes or unmutes every clip, now and to come (the streamer's mute). */
  setMuted(muted: boolean): void {
    this.sound.setMuted(muted);
  }

  private playClip(kind: AudioClipKind, clip: AudioClip): Promise<void> {
    const element = this.createAudio();
    element.src = clip.url;
    element.preload = 'auto';
    element.volume = Math.min(1, Math.max(0, clip.volume ?? 1));
    element.dataset.overlayAudio = kind;
    // In the page (hidden) rather than detached, so the browser source plainly owns it.
    element.hidden = true;
    globalThis.document?.body?.append(element);
    const untrack = this.sound.track(element);
    this.current = { element, untrack };
    return new Promise<void>((resolve) => {
      const done = () => {
        element.removeEventListener('ended', done);
        element.removeEventListener('error', failed);
        element.removeEventListener('emptied', done);
        if (this.current?.element === element) {
          this.current = null;
          untrack();
          element.remove();
        }
        resolve();
      };
      const failed = () => {
        console.warn(`The ${kind} clip could not be played.`, element.error);
        done();
      };
      element.addEventListener('ended', done);
      element.addEventListener('error', failed);
      // stop() empties the element: the sequence moves on (and sees it was stopped).
      element.addEventListener('emptied', done);
      element.play().catch((error: unknown) => {
        // Autoplay refused (an ordinary tab before a click) or the source failed.
        console.warn(`The ${kind} clip could not be played.`, error);
        done();
      });
    });
  }
}
