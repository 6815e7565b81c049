import { DEFAULT_YOUTUBE_TEMPLATES, YOUTUBE_CHAT_MAX_CHARS } from '@shabaash/core';
import { describe, expect, it } from 'vitest';
import { chatMessageOf } from './youtube-chat-text.ts';

const base = { templates: DEFAULT_YOUTUBE_TEMPLATES, blockedWords: [] as string[] };

describe('the chat message of a tip', () => {
  it('fills the template of the message language, the amount Indian style', () => {
    expect(
      chatMessageOf({ ...base, name: 'Rahul', amountPaise: 50_000, message: 'Shabaash bhai!' }),
    ).toBe('💸 ₹500 from Rahul: Shabaash bhai!');
    expect(
      chatMessageOf({ ...base, name: 'राहुल', amountPaise: 1_00_000_00, message: 'बहुत बढ़िया' }),
    ).toBe('💸 राहुल की ओर से ₹1,00,000: बहुत बढ़िया');
    expect(chatMessageOf({ ...base, name: 'Asha', amountPaise: 5_150, message: '' })).toBe(
      '💸 ₹51.50 from Asha',
    );
  });

  it('drops invisible controls, speech tags and blocked words', () => {
    expect(
      chatMessageOf({
        ...base,
        blockedWords: ['ullu'],
        name: 'Ra\u202ej',
        amountPaise: 10_000,
        message: 'tu ULLU [excited] hai\n\nbhai',
      }),
    ).toBe('💸 ₹100 from Raj: tu hai bhai');
  });

  it('keeps within YouTube’s 200 characters by shortening the message', () => {
    const text = chatMessageOf({
      ...base,
      name: 'Long',
      amountPaise: 10_000,
      message: 'word '.repeat(100),
    });
    expect(Array.from(text).length).toBeLessThanOrEqual(YOUTUBE_CHAT_MAX_CHARS);
    expect(text.startsWith('💸 ₹100 from Long: word')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });
});
