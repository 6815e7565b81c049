import type { ModerationStatus } from './alertable.ts';
import { blockedWordsOf, findBlockedWord } from './blocked-words.ts';
import type { MODERATION_MODES } from './settings.ts';

/** What moderationStatusOnPayment reads of the streamer. */
export type ModerationSettingsOfStreamer = {
  moderationMode: (typeof MODERATION_MODES)[number];
  blockedWords: readonly string[] | null;
};

/**
 * Where a donation stands in moderation the moment its payment succeeds: streamers who
 * auto-approve get it on stream at once, unless its message or name holds a blocked word; the
 * others review everything first.
 */
export function moderationStatusOnPayment(
  streamer: ModerationSettingsOfStreamer,
  donation: { name: string; message: string },
): ModerationStatus {
  if (streamer.moderationMode !== 'auto') return 'pending';
  return heldForWord(streamer, donation) === null ? 'auto_approved' : 'pending';
}

/**
 * The blocked word that holds a donation for review on a streamer who auto-approves, or null
 * (the dashboard says which word, issue 32). Read against the streamer's current list.
 */
export function heldForWord(
  streamer: ModerationSettingsOfStreamer,
  donation: { name: string; message: string },
): string | null {
  if (streamer.moderationMode !== 'auto') return null;
  return findBlockedWord(`${donation.name} ${donation.message}`, blockedWordsOf(streamer));
}
