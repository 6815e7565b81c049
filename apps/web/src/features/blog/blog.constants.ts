/** Texts of the guides list and article pages (spec 01 §2, Blog), in the page's language. */

import { localized, t } from '../../i18n/i18n';
import type { GuideCategory } from './guide-categories';

export { GUIDE_CATEGORIES, WORDS_PER_MINUTE, type GuideCategory } from './guide-categories';

/** Each category's name as the buttons and cards show it (the guides' front matter is English). */
export const GUIDE_CATEGORY_LABELS: Readonly<Record<GuideCategory, string>> =
  /* @__PURE__ */ localized('marketing.blog.categories', {
    'Getting Started': 'Getting Started',
    'Platform Guides': 'Platform Guides',
    'Fan Engagement': 'Fan Engagement',
    Security: 'Security',
    Monetization: 'Monetization',
    Strategy: 'Strategy',
  });

export const BLOG_TEXT = /* @__PURE__ */ localized('marketing.blog', {
  eyebrow: 'Guides',
  allCategories: 'All',
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
  readingTime: (minutes: number) =>
    t('marketing.blog.readingTimeFn', { minutes }, `${String(minutes)} min read`),
} as const);
