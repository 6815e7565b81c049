/** Texts of the guides list and article pages (spec 01 §2, Blog). */

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

export const ALL_CATEGORIES_LABEL = 'All';

export const BLOG_TEXT = {
  title: 'Guides for Indian streamers',
  intro:
    'Practical, no-fluff guides on UPI tipping, fan engagement and turning your live streams into income.',
  searchLabel: 'Search guides',
  searchPlaceholder: 'Search guides…',
  featuredLabel: 'Featured guide',
  latestTitle: 'Latest guides',
  categoriesLabel: 'Filter guides by category',
  noResults: 'No guides match your search. Try another word or category.',
  readGuide: 'Read guide',
  backToGuides: 'All guides',
  moreGuides: 'More guides',
  ctaTitle: 'Ready to accept tips by UPI?',
  ctaText:
    'Get your own Shabaash tipping page with live OBS alerts. We set it up with you and you keep streaming.',
  ctaButton: 'Start Earning',
} as const;

/** Words read per minute, for the "n min read" label. */
export const WORDS_PER_MINUTE = 200;
