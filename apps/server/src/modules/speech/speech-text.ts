import {
  findBlockedWord,
  SPEECH_EMOTIONS,
  type SpeechEmotion,
  type SpeechLanguage,
} from '@shabaash/core';

/** A stretch of words read in one style; `emotion` null is the voice's own. */
export type SpeechSegment = { text: string; emotion: SpeechEmotion | null };

/** What a tip is read as: the language (so the voice), and the words in their styles. */
export type PreparedSpeech = {
  language: SpeechLanguage;
  segments: SpeechSegment[];
  /** The words alone, as they will be heard (tests and logs). */
  text: string;
};

export type SpeechInput = {
  name: string;
  amountPaise: number;
  message: string;
  /** The streamer's read template per language, with {name}, {amount} and {message}. */
  templates: Record<SpeechLanguage, string>;
  /** The most message characters read; the rest is left out. */
  maxChars: number;
  blockedWords: readonly string[];
};

const URL_PATTERN = /\b(?:https?:\/\/|www\.)\S+/giu;
/** Emoji with their modifiers, joiners and variation selectors: never read ("face with tears…"). */
const EMOJI_PATTERN =
  /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f|\u20e3)+/gu;
/** `[word]`: an emotion tag when the word is one of SPEECH_EMOTIONS, otherwise dropped. */
const TAG_PATTERN = /\[\s*([\p{L}_-]{1,20})\s*\]/gu;
const DEVANAGARI_LETTER = /[\u0900-\u097f]/gu;
const LATIN_LETTER = /[A-Za-z]/g;

const isEmotion = (word: string): word is SpeechEmotion =>
  (SPEECH_EMOTIONS as readonly string[]).includes(word);

/**
 * Cleans words a fan wrote before they are read: links, emoji and blocked words go, a letter
 * held down ("soooo") or punctuation hammered ("!!!!") is squeezed, a word said over and over
 * is said once, and spaces are tidied.
 */
export function cleanSpokenText(text: string, blockedWords: readonly string[]): string {
  const cleaned = text
    .replace(URL_PATTERN, ' ')
    .replace(EMOJI_PATTERN, ' ')
    .replace(/(\p{L}|\p{M})\1{2,}/gu, '$1$1')
    .replace(/([^\p{L}\p{M}\p{N}\s])\1+/gu, '$1')
    .replace(/(?<![\p{L}\p{M}])([\p{L}\p{M}]+)(?:\s+\1(?![\p{L}\p{M}])){2,}/giu, '$1')
    .replace(/[\p{L}\p{M}]+/gu, (word) =>
      findBlockedWord(word, blockedWords) === null ? word : ' ',
    );
  return cleaned
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:।])/g, '$1')
    .trim();
}

/** Hindi when the text has more Devanagari letters than Latin ones, else English. */
export function speechLanguageOf(text: string): SpeechLanguage {
  const devanagari = text.match(DEVANAGARI_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return devanagari > latin ? 'hi' : 'en';
}

/** Splits a message at its tags; each tag styles the words after it until the next tag. */
function splitAtTags(message: string): SpeechSegment[] {
  const segments: SpeechSegment[] = [];
  let emotion: SpeechEmotion | null = null;
  let last = 0;
  for (const match of message.matchAll(TAG_PATTERN)) {
    segments.push({ text: message.slice(last, match.index), emotion });
    const word = (match[1] ?? '').toLowerCase();
    // A tag outside the documented set is dropped as well: a tag is never read as a word.
    if (isEmotion(word)) emotion = word;
    last = match.index + match[0].length;
  }
  segments.push({ text: message.slice(last), emotion });
  return segments;
}

/** Cuts the segments to `maxChars` characters in all, at a word end when there is one. */
function limitLength(segments: SpeechSegment[], maxChars: number): SpeechSegment[] {
  const kept: SpeechSegment[] = [];
  let left = maxChars;
  for (const segment of segments) {
    if (left <= 0) break;
    const characters = Array.from(segment.text);
    if (characters.length <= left) {
      kept.push(segment);
      left -= characters.length;
      continue;
    }
    const cut = characters.slice(0, left).join('');
    const lastSpace = cut.lastIndexOf(' ');
    kept.push({ ...segment, text: lastSpace > 0 ? cut.slice(0, lastSpace) : cut });
    break;
  }
  return kept;
}

function rupees(amountPaise: number): string {
  const whole = Math.floor(amountPaise / 100);
  const paise = amountPaise % 100;
  return paise === 0 ? String(whole) : `${whole}.${String(paise).padStart(2, '0')}`;
}

/**
 * What a tip is read as: the message cleaned, its tags turned into styles, cut to the
 * streamer's length, and set in the read template of its language (Devanagari: Hindi, else
 * English, so Hinglish in Latin letters goes to the English voice).
 */
export function prepareSpeech(input: SpeechInput): PreparedSpeech {
  const name = cleanSpokenText(input.name.replace(TAG_PATTERN, ' '), input.blockedWords);
  const messageSegments = limitLength(
    splitAtTags(input.message)
      .map((segment) => ({ ...segment, text: cleanSpokenText(segment.text, input.blockedWords) }))
      .filter((segment) => segment.text !== ''),
    input.maxChars,
  );
  const messageText = messageSegments.map((segment) => segment.text).join(' ');
  const language = speechLanguageOf(messageText || name);

  const template = input.templates[language];
  const [before = '', after = ''] = template.split('{message}', 2);
  const fill = (part: string) =>
    part.replaceAll('{name}', name).replaceAll('{amount}', rupees(input.amountPaise));
  // With nothing left of the message, the template's own punctuation before it goes too.
  const lead = fill(messageSegments.length ? before : before.replace(/[\s:,-]+$/u, '')).trim();
  const tail = fill(after).trim();
  const segments = [
    { text: lead, emotion: null },
    ...messageSegments,
    { text: tail, emotion: null },
  ].filter((segment) => segment.text !== '');
  return { language, segments, text: segments.map((segment) => segment.text).join(' ') };
}
