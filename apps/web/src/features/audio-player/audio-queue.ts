import type { VoiceMessage } from '@shabaash/core';

/**
 * The queue's rules, kept apart from React so they can be tested as plain functions. The
 * selection is by donation id, so a refreshed list (new messages appended, old ones removed
 * by moderation) never silently moves the player to another message.
 */

/** Index of the selected message; the first one when nothing (still present) is selected. */
export function selectedIndex(messages: readonly VoiceMessage[], selectedId: string | null) {
  if (messages.length === 0) return -1;
  const index = selectedId === null ? -1 : messages.findIndex(({ id }) => id === selectedId);
  return index === -1 ? 0 : index;
}

/** The id `step` places away from the selection (-1 previous, +1 next), or null at an end. */
export function neighbourId(
  messages: readonly VoiceMessage[],
  selectedId: string | null,
  step: -1 | 1,
): string | null {
  const index = selectedIndex(messages, selectedId);
  if (index === -1) return null;
  return messages[index + step]?.id ?? null;
}

/**
 * What to do when the live stream announces a new message: with auto-play on and nothing
 * playing, play it now; otherwise leave the player alone (a playing queue reaches it by
 * auto-advance, since new messages are appended).
 */
export function shouldAutoPlayArrival(options: {
  autoPlay: boolean;
  isPlaying: boolean;
  isKnown: boolean;
  /** An open overlay plays it on stream (issue 24: one owner per clip, heard once). */
  isOnOverlay?: boolean;
}): boolean {
  return options.autoPlay && !options.isPlaying && options.isKnown && !options.isOnOverlay;
}

/** A clip length for the seek bar: the element's when it knows it, else the server's. */
export function clipSeconds(elementDuration: number, serverDurationMs: number): number {
  if (Number.isFinite(elementDuration) && elementDuration > 0) return elementDuration;
  return serverDurationMs / 1000;
}

/** 7.4 → "0:07", 65 → "1:05". */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
