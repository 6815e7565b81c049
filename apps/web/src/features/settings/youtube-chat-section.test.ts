import { DEFAULT_YOUTUBE_TEMPLATES, YOUTUBE_MESSAGES } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { youtubeSettingsFromDraft } from './youtube-chat-section';
import { YOUTUBE_TEXT } from './youtube-chat.constants';

const draft = { enabled: true, minAmount: '100', templates: { ...DEFAULT_YOUTUBE_TEMPLATES } };

describe('the YouTube chat settings form', () => {
  it('sends the minimum in paise', () => {
    expect(youtubeSettingsFromDraft({ ...draft, minAmount: '250.50' })).toEqual({
      settings: { enabled: true, min_amount_paise: 25_050, templates: DEFAULT_YOUTUBE_TEMPLATES },
    });
  });

  it('says what is wrong before anything is sent', () => {
    expect(youtubeSettingsFromDraft({ ...draft, minAmount: 'lots' })).toEqual({
      problem: YOUTUBE_TEXT.rupeesInvalid,
    });
    expect(
      youtubeSettingsFromDraft({
        ...draft,
        templates: { ...draft.templates, en: 'Thanks {name}' },
      }),
    ).toEqual({ problem: YOUTUBE_MESSAGES.templateNeedsAmount });
  });
});
