import type { GuideCategory } from './blog.constants';

/** The fields of a guide that listing and searching need. */
export type ListedGuide = {
  slug: string;
  title: string;
  excerpt: string;
  category: GuideCategory;
  date: string;
  featured?: boolean;
};

/** The featured guide: the one marked `featured`, else the first (newest). */
export function featuredGuide<T extends ListedGuide>(guides: readonly T[]): T | undefined {
  return guides.find((guide) => guide.featured) ?? guides[0];
}

/**
 * Guides in `category` (all when null) whose title or excerpt contains every word of `query`,
 * ignoring case and accents.
 */
export function filterGuides<T extends ListedGuide>(
  guides: readonly T[],
  { category, query }: { category: GuideCategory | null; query: string },
): T[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  return guides.filter((guide) => {
    if (category && guide.category !== category) return false;
    const haystack = normalize(`${guide.title} ${guide.excerpt}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** Other guides to read next: same category first, then the rest, in list order. */
export function relatedGuides<T extends ListedGuide>(
  guides: readonly T[],
  guide: ListedGuide,
  count = 3,
): T[] {
  const others = guides.filter((other) => other.slug !== guide.slug);
  const sameCategory = others.filter((other) => other.category === guide.category);
  const rest = others.filter((other) => other.category !== guide.category);
  return [...sameCategory, ...rest].slice(0, count);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "7 May 2025" from "2025-05-07", the same on every machine (no time zone involved). */
export function formatGuideDate(date: string): string {
  const [year, month = 1, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
