import { describe, expect, it } from 'vitest';
import { moderationStatusOnPayment } from './moderation-status.ts';

const clean = { name: 'Ravi', message: 'Great stream!' };

describe('moderationStatusOnPayment', () => {
  it('holds every tip for review when the streamer reviews', () => {
    expect(moderationStatusOnPayment({ moderationMode: 'review', blockedWords: null }, clean)).toBe(
      'pending',
    );
  });

  it('auto-approves a clean tip when the streamer auto-approves', () => {
    expect(moderationStatusOnPayment({ moderationMode: 'auto', blockedWords: null }, clean)).toBe(
      'auto_approved',
    );
  });

  it('holds a tip whose message or name holds a blocked word', () => {
    const auto = { moderationMode: 'auto', blockedWords: null } as const;
    expect(moderationStatusOnPayment(auto, { name: 'Ravi', message: 'what the fuck' })).toBe(
      'pending',
    );
    expect(moderationStatusOnPayment(auto, { name: 'chutiya', message: 'hi' })).toBe('pending');
  });

  it('uses the streamer’s own list once they have one', () => {
    const own = { moderationMode: 'auto', blockedWords: ['crypto'] } as const;
    expect(moderationStatusOnPayment(own, { name: 'Ravi', message: 'buy crypto' })).toBe('pending');
    expect(moderationStatusOnPayment(own, { name: 'Ravi', message: 'what the fuck' })).toBe(
      'auto_approved',
    );
  });
});
