import { describe, expect, it } from 'vitest';

import { featuredGuide, filterGuides, formatGuideDate, relatedGuides } from './guide-search';
import type { ListedGuide } from './guide-search';

const guides: ListedGuide[] = [
  {
    slug: 'a',
    title: 'UPI security basics',
    excerpt: 'Stay safe from scams.',
    category: 'Security',
    date: '2025-05-05',
  },
  {
    slug: 'b',
    title: 'Earn from streaming',
    excerpt: 'Set up tips and alerts in OBS.',
    category: 'Monetization',
    date: '2025-04-14',
    featured: true,
  },
  {
    slug: 'c',
    title: 'Virtual gifts',
    excerpt: 'Price HyperEmotes in rupees.',
    category: 'Monetization',
    date: '2025-02-24',
  },
];

describe('filterGuides', () => {
  it('returns everything with no category and an empty query', () => {
    expect(filterGuides(guides, { category: null, query: '  ' })).toEqual(guides);
  });

  it('filters by category', () => {
    const slugs = filterGuides(guides, { category: 'Monetization', query: '' }).map((g) => g.slug);
    expect(slugs).toEqual(['b', 'c']);
  });

  it('searches titles and excerpts for every word, ignoring case and accents', () => {
    const search = (query: string) =>
      filterGuides(guides, { category: null, query }).map((guide) => guide.slug);
    expect(search('obs')).toEqual(['b']);
    expect(search('UPI  SCAMS')).toEqual(['a']);
    expect(search('hyperémotes')).toEqual(['c']);
    expect(search('obs scams')).toEqual([]);
  });

  it('combines the category and the search', () => {
    expect(filterGuides(guides, { category: 'Security', query: 'rupees' })).toEqual([]);
  });
});

describe('featuredGuide and relatedGuides', () => {
  it('picks the guide marked featured, else the first', () => {
    expect(featuredGuide(guides)?.slug).toBe('b');
    expect(featuredGuide(guides.filter((guide) => !guide.featured))?.slug).toBe('a');
    expect(featuredGuide([])).toBeUndefined();
  });

  it('suggests the same category first and never the guide itself', () => {
    expect(relatedGuides(guides, guides[2]!, 2).map((guide) => guide.slug)).toEqual(['b', 'a']);
  });
});

describe('formatGuideDate', () => {
  it('formats YYYY-MM-DD without time zones', () => {
    expect(formatGuideDate('2025-05-07')).toBe('7 May 2025');
  });
});
