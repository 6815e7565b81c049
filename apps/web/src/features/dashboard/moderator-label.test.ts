import { describe, expect, it } from 'vitest';

import { describeModerator } from './moderator-label';

describe('describeModerator', () => {
  it('names dashboard moderators by e-mail', () => {
    expect(describeModerator('dashboard:priya@example.com')).toEqual({
      name: 'priya@example.com',
      viaTelegram: false,
    });
  });

  it('names Telegram moderators, or falls back to their id', () => {
    expect(describeModerator('telegram:42:Ravi: the mod')).toEqual({
      name: 'Ravi: the mod',
      viaTelegram: true,
    });
    expect(describeModerator('telegram:42:')).toEqual({
      name: 'Telegram user 42',
      viaTelegram: true,
    });
  });

  it('shows anything else as it is', () => {
    expect(describeModerator('system')).toEqual({ name: 'system', viaTelegram: false });
  });
});
