import fs from 'node:fs';
import path from 'node:path';
import { HYPEREMOTES, QUICK_EMOJIS } from '@shabaash/core';
import { expect, it } from 'vitest';
import { PODIUM } from '../features/leaderboard/leaderboard.constants';
import { DEMO_EMOJIS } from '../features/marketing/showcase/showcase.constants';
import { FALLBACK_EMOTE, HYPEREMOTE_EMOJIS } from '../features/obs-overlay/hyperemote-emojis';
import { GOAL_BURST_EMOJIS } from '../features/widgets/goal-widget';
import { MEDALS } from '../features/widgets/leaderboard-widget';
import { SHIPPED_EMOJI } from './shipped-emoji';

it('holds every emoji a page draws itself, so the shipped emoji face has them all', () => {
  const drawn = [
    ...HYPEREMOTES.map((emote) => emote.emoji),
    ...Object.values(HYPEREMOTE_EMOJIS),
    FALLBACK_EMOTE,
    ...QUICK_EMOJIS,
    ...DEMO_EMOJIS,
    ...GOAL_BURST_EMOJIS,
    ...Object.values(PODIUM),
    ...Object.values(MEDALS),
  ];
  expect(drawn.filter((emoji) => !(SHIPPED_EMOJI as readonly string[]).includes(emoji))).toEqual(
    [],
  );
});

it('finds each emoji written out in a page among them', () => {
  // Emoji typed straight into a component (a badge, a heading) rather than taken from a list;
  // symbols drawn as text unless asked otherwise (©, ⚠) are the text fonts' business.
  const emoji = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu;
  const sources = ['../features', '../shells'].flatMap((folder) =>
    fs
      .readdirSync(path.join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .map((file) => fs.readFileSync(path.join(import.meta.dirname, folder, file), 'utf8')),
  );
  const written = new Set(sources.flatMap((source) => source.match(emoji) ?? []));
  expect([...written].filter((e) => !(SHIPPED_EMOJI as readonly string[]).includes(e))).toEqual([]);
});
