/**
 * Every emoji the pages draw themselves: hyperemotes, the message box's quick row, the rains,
 * bursts, medals and badges (fans' own messages may hold any other). Each is in the emoji face
 * the product ships (shabaash-emoji.woff2, made by apps/web/scripts/make-emoji-font.ts), so a
 * device without an emoji font shows them in colour too; shipped-emoji.test.ts keeps this list
 * complete.
 */
export const SHIPPED_EMOJI = [
  // Hyperemotes (HYPEREMOTES in @shabaash/core)
  '😊',
  '😌',
  '😞',
  '😠',
  '😉',
  '😮',
  '🤩',
  '😍',
  '😴',
  '😢',
  '😂',
  '😎',
  // The quick row (QUICK_EMOJIS), the marketing rain, the goal burst, medals and badges
  '❤️',
  '🔥',
  '👏',
  '🎉',
  '💯',
  '🙏',
  '🚀',
  '👍',
  '🎵',
  '✨',
  '💖',
  '🎊',
  '💛',
  '🥳',
  '🥇',
  '🥈',
  '🥉',
  '🏆',
  '🎤',
  '🎯',
] as const;
