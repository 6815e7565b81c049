import { HYPEREMOTES } from '@shabaash/core';
import { expect, it } from 'vitest';

import { HYPEREMOTE_EMOJIS } from './hyperemote-emojis';

it('knows the same emoji for every hyperemote as the core package', () => {
  const fromCore = Object.fromEntries(HYPEREMOTES.map((emote) => [emote.id, emote.emoji]));
  expect(HYPEREMOTE_EMOJIS).toEqual(fromCore);
});
