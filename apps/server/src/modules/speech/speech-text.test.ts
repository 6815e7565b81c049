import { DEFAULT_SPEECH_TEMPLATES, SPEECH_EMOTIONS, STARTER_BLOCKED_WORDS } from '@shabaash/core';
import { describe, expect, it } from 'vitest';
import { cleanSpokenText, prepareSpeech, speechLanguageOf } from './speech-text.ts';

const read = (message: string, overrides: { name?: string; maxChars?: number } = {}) =>
  prepareSpeech({
    name: overrides.name ?? 'Asha',
    amountPaise: 10_100,
    message,
    templates: DEFAULT_SPEECH_TEMPLATES,
    maxChars: overrides.maxChars ?? 200,
    blockedWords: STARTER_BLOCKED_WORDS,
  });

describe('what a tip is read as', () => {
  it.each([
    // input → spoken text and language (so the voice)
    ['great stream!', 'en', 'Asha tipped 101 rupees: great stream!'],
    ['bhai kya game hai', 'en', 'Asha tipped 101 rupees: bhai kya game hai'],
    ['भाई क्या गेम है', 'hi', 'Asha ने 101 रुपये भेजे: भाई क्या गेम है'],
    ['see https://spam.example/x and www.spam.in now', 'en', 'Asha tipped 101 rupees: see and now'],
    ['soooooo good!!!!!', 'en', 'Asha tipped 101 rupees: soo good!'],
    ['lol lol lol lol nice', 'en', 'Asha tipped 101 rupees: lol nice'],
    ['gg 🔥🔥🔥😂👍🏽 wp', 'en', 'Asha tipped 101 rupees: gg wp'],
    ['🔥🔥🔥', 'en', 'Asha tipped 101 rupees'],
    ['', 'en', 'Asha tipped 101 rupees'],
    ['नमस्ते bhai', 'hi', 'Asha ने 101 रुपये भेजे: नमस्ते bhai'],
  ])('%j → %s: %j', (message, language, spoken) => {
    const speech = read(message);
    expect(speech.language).toBe(language);
    expect(speech.text).toBe(spoken);
  });

  it('counts languages by letters: Devanagari wins only when it has more', () => {
    expect(speechLanguageOf('राहुल ne bheje')).toBe('en');
    expect(speechLanguageOf('राहुल ने भेजे ok')).toBe('hi');
    expect(speechLanguageOf('123 !!')).toBe('en');
  });

  it('never speaks an emotion tag, known or not, and styles the words after a known one', () => {
    const speech = read('hello [excited] what a clutch [whisper] secret [angry] end [Shout]!');
    for (const emotion of [...SPEECH_EMOTIONS, 'angry']) {
      expect(speech.text.toLowerCase()).not.toContain(emotion);
    }
    expect(speech.text).not.toMatch(/[[\]]/);
    expect(speech.segments).toEqual([
      { text: 'Asha tipped 101 rupees:', emotion: null },
      { text: 'hello', emotion: null },
      { text: 'what a clutch', emotion: 'excited' },
      { text: 'secret', emotion: 'whisper' },
      { text: 'end', emotion: 'whisper' },
      { text: '!', emotion: 'shout' },
    ]);
  });

  it('never speaks a blocked word, in the message or the name, in either script', () => {
    const speech = read('you chutiya FUCKKK streamer, मादरचोद', { name: 'bhenchod Ravi' });
    expect(speech.text).toBe('Ravi tipped 101 rupees: you streamer,');
    for (const word of ['chutiya', 'fuck', 'मादरचोद', 'bhenchod']) {
      expect(speech.text.toLowerCase()).not.toContain(word);
    }
  });

  it('reads at most the streamer’s characters of the message, ending on a whole word', () => {
    const speech = read('one two three four five six', { maxChars: 12 });
    expect(speech.text).toBe('Asha tipped 101 rupees: one two');
  });

  it('reads paise when the amount has them', () => {
    const speech = prepareSpeech({
      name: 'A',
      amountPaise: 15_050,
      message: 'hi',
      templates: DEFAULT_SPEECH_TEMPLATES,
      maxChars: 200,
      blockedWords: [],
    });
    expect(speech.text).toBe('A tipped 150.50 rupees: hi');
  });

  it('cleans text without blocked words too', () => {
    expect(cleanSpokenText('  a   b  ', [])).toBe('a b');
  });
});
