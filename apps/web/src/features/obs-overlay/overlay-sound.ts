/**
 * The one place that knows every sound the overlay is playing (alert sounds, voice messages),
 * so the streamer's mute reaches all of them at once, and a sound that starts while muted
 * starts silent. Skipping needs nothing here: an alert taken off screen stops its own sounds.
 */
export class OverlaySound {
  private readonly playing = new Set<HTMLMediaElement>();
  private muted = false;

  get isMuted(): boolean {
    return this.muted;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const media of this.playing) media.muted = muted;
  }

  /** Follows a sound while it plays; returns the call that stops following it. */
  track(media: HTMLMediaElement): () => void {
    media.muted = this.muted;
    this.playing.add(media);
    return () => this.playing.delete(media);
  }
}

/** The overlay page's sound: one overlay per page. */
export const overlaySound = new OverlaySound();
