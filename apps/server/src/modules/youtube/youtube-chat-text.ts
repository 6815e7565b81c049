import {
  findBlockedWord,
  formatRupees,
  sanitizeText,
  YOUTUBE_CHAT_MAX_CHARS,
  type YoutubeChatSettings,
} from '@shabaash/core';
import { speechLanguageOf } from '../speech/speech-text.ts';

export type ChatTextInput = {
  name: string;
  amountPaise: number;
  /** The fan's message, or '' when it is hidden. */
  message: string;
  templates: YoutubeChatSettings['templates'];
  blockedWords: readonly string[];
};

/** `[excited]`-style speech tags: styling for the voice, never shown as words. */
const TAG_PATTERN = /\[\s*[\p{L}_-]{1,20}\s*\]/gu;

/**
 * Donor text as chat shows it: cleaned as the overlay cleans it (no invisible controls), speech
 * tags and blocked words removed, line breaks and runs of spaces squeezed to one space.
 */
export function cleanChatText(text: string, blockedWords: readonly string[]): string {
  return sanitizeText(text)
    .replace(TAG_PATTERN, ' ')
    .replace(/[\p{L}\p{M}]+/gu, (word) =>
      findBlockedWord(word, blockedWords) === null ? word : ' ',
    )
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:।])/g, '$1')
    .trim();
}

/**
 * The chat message of a tip: the template of its language (Devanagari: Hindi, else English)
 * with {amount} in the Indian style (₹1,00,000), {name} and {message}; cut to YouTube's 200
 * characters by shortening the message, never the amount or the name.
 */
export function chatMessageOf(input: ChatTextInput): string {
  const name = cleanChatText(input.name, input.blockedWords) || 'Someone';
  const message = cleanChatText(input.message, input.blockedWords);
  const template = input.templates[speechLanguageOf(message || name)];
  const fill = (text: string) =>
    text
      .replaceAll('{amount}', formatRupees(input.amountPaise))
      .replaceAll('{name}', name)
      .replace(/\s+/g, ' ');
  if (!template.includes('{message}')) return limit(fill(template).trim(), YOUTUBE_CHAT_MAX_CHARS);
  const [before = '', after = ''] = template.split('{message}', 2);
  // With no message, the template's own punctuation before it goes too ("from Rahul").
  const lead = fill(message ? before : before.replace(/[\s:,-]+$/u, ''));
  const tail = fill(after);
  const room = YOUTUBE_CHAT_MAX_CHARS - Array.from(lead + tail).length;
  // A name and template longer than the limit alone still fit: the whole is cut last.
  return limit((lead + limit(message, Math.max(0, room)) + tail).trim(), YOUTUBE_CHAT_MAX_CHARS);
}

/** At most `max` characters (code points), ending with … when cut. */
function limit(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  if (max <= 1) return characters.slice(0, max).join('');
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
