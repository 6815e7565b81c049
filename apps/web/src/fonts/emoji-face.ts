import emojiFontUrl from './shabaash-emoji.woff2?url';

/**
 * Declares the shipped emoji face (shipped-emoji.ts: the emoji the pages draw themselves, in
 * colour, 19 KB, from Noto Color Emoji under the SIL OFL 1.1); call it once a page has painted.
 * Every font stack names it last, after the devices' own emoji fonts, so only a device without
 * one fetches it, and then after the first paint: emoji are decoration, text does not wait for
 * them. Called by the app's root, the overlay and the donation form's lazily loaded parts. It
 * has no unicode-range (the donation page's script budget has little room): a character no
 * earlier font has is looked for in it, which costs such a device the one download.
 */
export function addEmojiFace(): void {
  document.fonts.add(new FontFace('Shabaash Emoji', `url(${emojiFontUrl})`));
}
