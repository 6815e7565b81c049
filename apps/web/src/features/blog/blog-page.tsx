import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { Container } from '../../components/ui/container';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { MarketingLayout, PageIntro } from '../marketing/components/marketing-layout';
import {
  BLOG_TEXT,
  GUIDE_CATEGORIES,
  GUIDE_CATEGORY_LABELS,
  type GuideCategory,
} from './blog.constants';
import { GuideBanner, GuideCard } from './guide-card';
import { featuredGuide, filterGuides, formatGuideDate } from './guide-search';
import { GUIDES } from './guides';

/**
 * The guides list (spec 01 §2, Blog): search over titles and excerpts, category buttons that
 * filter, the featured guide and the latest guides. With no search or filter the featured guide
 * is shown on its own; otherwise every match is listed.
 */
export function BlogPage() {
  const [category, setCategory] = useState<GuideCategory | null>(null);
  const [query, setQuery] = useState('');
  const searchId = useId();

  const isFiltering = category !== null || query.trim() !== '';
  const featured = featuredGuide(GUIDES);
  const matches = filterGuides(GUIDES, { category, query });
  const listed = isFiltering ? matches : matches.filter((guide) => guide !== featured);

  return (
    <MarketingLayout>
      <PageIntro eyebrow={BLOG_TEXT.eyebrow} title={BLOG_TEXT.title}>
        <p>{BLOG_TEXT.intro}</p>
      </PageIntro>
      <Container className="pb-20">
        <div className="flex flex-col gap-4">
          <div role="search" className="relative max-w-md">
            <label htmlFor={searchId} className="sr-only">
              {BLOG_TEXT.searchLabel}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
            />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={BLOG_TEXT.searchPlaceholder}
              className="pl-10"
            />
          </div>
          <div
            role="group"
            aria-label={BLOG_TEXT.categoriesLabel}
            className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
          >
            {[null, ...GUIDE_CATEGORIES].map((option) => {
              const isActive = option === category;
              return (
                <button
                  key={option ?? 'all'}
                  type="button"
                  aria-pressed={isActive}
                  onClick={() => setCategory(option)}
                  className={cn(
                    'h-9 shrink-0 rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1 transition-colors',
                    isActive
                      ? 'bg-brand-700 text-white ring-brand-700'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {option ? GUIDE_CATEGORY_LABELS[option] : BLOG_TEXT.allCategories}
                </button>
              );
            })}
          </div>
        </div>

        {!isFiltering && featured ? (
          <section aria-labelledby="featured-guide" className="mt-10">
            <h2 id="featured-guide" className="sr-only">
              {BLOG_TEXT.featuredLabel}
            </h2>
            <article className="relative grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[2fr_3fr]">
              <GuideBanner category={featured.category} className="h-40 md:h-full" />
              <div className="p-6 sm:p-8">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                  {BLOG_TEXT.featuredLabel} · {GUIDE_CATEGORY_LABELS[featured.category]}
                </p>
                <h3
                  lang="en-IN"
                  className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900"
                >
                  <Link to={`/blog/${featured.slug}`} className="after:absolute after:inset-0">
                    {featured.title}
                  </Link>
                </h3>
                <p lang="en-IN" className="mt-3 text-slate-600">
                  {featured.excerpt}
                </p>
                <p className="mt-4 text-sm text-slate-500">
                  <span lang="en-IN">{featured.author}</span> ·{' '}
                  <time lang="en-IN" dateTime={featured.date}>
                    {formatGuideDate(featured.date)}
                  </time>{' '}
                  · {BLOG_TEXT.readingTime(featured.readMinutes)}
                </p>
              </div>
            </article>
          </section>
        ) : null}

        <section aria-labelledby="latest-guides" className="mt-12">
          <h2 id="latest-guides" className="text-xl font-semibold text-slate-900">
            {BLOG_TEXT.latestTitle}
          </h2>
          {/* Announced to screen readers as the list changes with the search and filter. */}
          <p aria-live="polite" className="sr-only">
            {isFiltering ? `${matches.length} guides found` : ''}
          </p>
          {listed.length === 0 ? (
            <p className="mt-6 rounded-2xl bg-slate-50 p-6 text-slate-600">{BLOG_TEXT.noResults}</p>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {listed.map((guide) => (
                <li key={guide.slug}>
                  <GuideCard guide={guide} headingLevel="h3" />
                </li>
              ))}
            </ul>
          )}
        </section>
      </Container>
    </MarketingLayout>
  );
}
