/**
 * The emoji of each hyperemote id, as `HYPEREMOTES` in `@shabaash/core` defines them (a test
 * holds the two equal). Written out here because `HYPEREMOTES` lives beside the donation zod
 * schemas, and importing it would put zod and every schema (~90 kB) on the overlay, which OBS
 * loads on every scene switch. Once core keeps HYPEREMOTES in a module of its own, import it.
 */
export const HYPEREMOTE_EMOJIS: Readonly<Record<string, string>> = {
  happy: '😊',
  peaceful: '😌',
  disappointed: '😞',
  upset: '😠',
  wink: '😉',
  surprised: '😮',
  excited: '🤩',
  love: '😍',
  sleepy: '😴',
  crying: '😢',
  laughing: '😂',
  cool: '😎',
};

/** Shown for a hyperemote whose id this page does not know. */
export const FALLBACK_EMOTE = '🎉';
