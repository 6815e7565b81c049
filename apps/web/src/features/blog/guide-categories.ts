/**
 * The guides' categories and reading speed: data the build step (build/markdown-plugin.ts) reads
 * too, so this file imports nothing (the page texts are in blog.constants.ts).
 */

/** The category buttons, in order; "All" shows every guide. */
export const GUIDE_CATEGORIES = [
  'Getting Started',
  'Platform Guides',
  'Fan Engagement',
  'Security',
  'Monetization',
  'Strategy',
] as const;
export type GuideCategory = (typeof GUIDE_CATEGORIES)[number];

/** Words read per minute, for the "n min read" label. */
export const WORDS_PER_MINUTE = 200;
