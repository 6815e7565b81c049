/** Devanagari letters: asking for them makes the browser fetch the Devanagari faces. */
const DEVANAGARI_SAMPLE = 'हिन्दी';

/**
 * Fetches the overlay's Devanagari faces (alert-fonts.css) before the first alert plays (issue
 * 21), so a Hindi line never flashes in a fallback font and then jumps when the font arrives.
 * Resolves when they are in (or could not be fetched: the alert then plays with the fallback).
 */
export function preloadAlertFonts(): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  return Promise.all(
    ['400', '700'].map((weight) =>
      document.fonts.load(`${weight} 1em 'Shabaash Noto Sans'`, DEVANAGARI_SAMPLE),
    ),
  ).then(
    () => undefined,
    () => undefined,
  );
}
