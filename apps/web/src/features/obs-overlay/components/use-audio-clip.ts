import { useEffect } from 'react';

/**
 * Plays a clip (the alert's sound or a voice message) while the alert is mounted and stops it
 * when the alert is cleared or cut short. OBS's browser source allows autoplay without a
 * gesture (integrations.md §E); an ordinary browser tab may refuse until the page was clicked,
 * which is only logged.
 */
export function useAudioClip(url: string | null, what: string): void {
  useEffect(() => {
    if (!url) return;
    const audio = new Audio(url);
    audio.play().catch((error: unknown) => {
      console.warn(`The ${what} could not be played.`, error);
    });
    return () => {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    };
  }, [url, what]);
}
