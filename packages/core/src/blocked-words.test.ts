import { describe, expect, it } from 'vitest';
import { blockedWordsOf, findBlockedWord, STARTER_BLOCKED_WORDS } from './blocked-words.ts';

describe('findBlockedWord', () => {
  it.each([
    ['what the fuck', 'fuck'],
    ['WHAT THE FUUUUCK', 'fuck'],
    ['tu chutiya hai', 'chutiya'],
    ['Tu CHUTIYA hai!!', 'chutiya'],
    ['तू चूतिया है', 'चूतिया'],
    ['f\u200buck this', 'fuck'], // a zero-width space does not hide a word
  ])('finds %s → %s', (text, expected) => {
    expect(findBlockedWord(text, STARTER_BLOCKED_WORDS)).toBe(expected);
  });

  it.each([
    'Great stream!',
    'Scunthorpe is a town',
    'shitake mushrooms',
    'classic dickens novel',
    'मस्त स्ट्रीम',
  ])('leaves clean text alone: %s', (text) => {
    expect(findBlockedWord(text, STARTER_BLOCKED_WORDS)).toBeNull();
  });

  it('uses only the streamer’s own list when given', () => {
    expect(findBlockedWord('buy crypto now', ['crypto'])).toBe('crypto');
    expect(findBlockedWord('what the fuck', [])).toBeNull();
  });
});

describe('blockedWordsOf', () => {
  it('is the starter list until the streamer edits their own', () => {
    expect(blockedWordsOf({ blockedWords: null })).toBe(STARTER_BLOCKED_WORDS);
    expect(blockedWordsOf({ blockedWords: [] })).toEqual([]);
    expect(blockedWordsOf({ blockedWords: ['crypto'] })).toEqual(['crypto']);
  });
});
