import type { GuideSlug } from '@shabaash/core';

import type { GuideCategory } from './blog.constants';

/** A guide's front matter, as the Markdown build step emits it (build/markdown-plugin.ts). */
export type GuideMeta = {
  title: string;
  excerpt: string;
  category: GuideCategory;
  author: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  featured?: boolean;
  wordCount: number;
  readMinutes: number;
};

export type Guide = GuideMeta & { slug: GuideSlug };

// Only the front matter (the `?meta` modules): article bodies stay out of every page but the
// article page.
const metaByFile = import.meta.glob<GuideMeta>('../../../content/guides/*.md', {
  eager: true,
  import: 'meta',
  query: '?meta',
});

/** The guide slug of a content file path ("…/guides/upi-security.md" → "upi-security"). */
export function slugOfFile(file: string): GuideSlug {
  // guide-files.test.ts checks that the files and GUIDE_SLUGS name the same seven guides.
  const name = file.split('?')[0]?.split('/').pop() ?? '';
  return name.replace(/\.md$/, '') as GuideSlug;
}

/**
 * Plain code-unit order, right for YYYY-MM-DD dates and enough to keep same-day titles stable;
 * `localeCompare` would load the collation data (about 15 ms) while the home page starts.
 */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every guide, newest first. */
export const GUIDES: readonly Guide[] = Object.entries(metaByFile)
  .map(([file, meta]) => ({ ...meta, slug: slugOfFile(file) }))
  .sort((a, b) => compareCodeUnits(b.date, a.date) || compareCodeUnits(a.title, b.title));

export function findGuide(slug: string | undefined): Guide | undefined {
  return GUIDES.find((guide) => guide.slug === slug);
}
