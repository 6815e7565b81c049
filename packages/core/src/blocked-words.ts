/**
 * Blocked words: a message containing one goes to review even when the streamer auto-approves.
 * Streamers edit their own list; this is where every new streamer starts.
 */
export const STARTER_BLOCKED_WORDS = [
  // English
  'fuck',
  'fucking',
  'shit',
  'bitch',
  'bastard',
  'asshole',
  'dick',
  'cunt',
  'slut',
  'whore',
  'retard',
  // Hindi and Hinglish, in Latin letters
  'madarchod',
  'behenchod',
  'bhenchod',
  'chutiya',
  'chutiye',
  'gandu',
  'bhosdi',
  'bhosdike',
  'randi',
  'harami',
  'lund',
  'lauda',
  'lavda',
  'gaand',
  // Hindi in Devanagari
  'मादरचोद',
  'बहनचोद',
  'चूतिया',
  'गांडू',
  'रंडी',
  'भोसड़ी',
  'हरामी',
];

/** Lower-cases, folds look-alikes (NFKC), drops invisible characters and squeezes "fuuuck". */
function normalizeForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
    .replace(/(\p{L})\1{2,}/gu, '$1$1');
}

/** The words of a text: runs of letters and combining marks (so Devanagari words stay whole). */
function wordsOf(text: string): string[] {
  return normalizeForMatching(text).match(/[\p{L}\p{M}]+/gu) ?? [];
}

/** The first blocked word found in the text as a whole word, or null. */
export function findBlockedWord(text: string, blockedWords: readonly string[]): string | null {
  if (blockedWords.length === 0) return null;
  const words = new Set(
    wordsOf(text).flatMap((word) => [word, word.replace(/(\p{L})\1+/gu, '$1')]),
  );
  for (const blocked of blockedWords) {
    const normalized = normalizeForMatching(blocked.trim());
    if (normalized && words.has(normalized)) return blocked;
  }
  return null;
}

/** A streamer's blocked words: their own list once they have edited it, else the starter list. */
export function blockedWordsOf(streamer: {
  blockedWords: readonly string[] | null;
}): readonly string[] {
  return streamer.blockedWords ?? STARTER_BLOCKED_WORDS;
}
