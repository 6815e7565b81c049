import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

import { Container } from '../../components/ui/container';
import { NotFoundPage } from '../errors/not-found-page';
import { MarketingLayout } from '../marketing/components/marketing-layout';
import { Prose } from '../marketing/components/prose';
import { SignupButton } from '../marketing/signup/signup-dialog';
import { BLOG_TEXT } from './blog.constants';
import { GuideBanner, GuideCard } from './guide-card';
import { formatGuideDate, relatedGuides } from './guide-search';
import { GUIDES, findGuide, slugOfFile } from './guides';

// Article bodies, converted from Markdown to HTML when the site is built. They ship only with
// this page, and each article page is also prerendered to finished HTML.
const htmlBySlug = new Map(
  Object.entries(
    import.meta.glob<string>('../../../content/guides/*.md', { eager: true, import: 'html' }),
  ).map(([file, html]) => [slugOfFile(file), html]),
);

/** One guide (spec 01 §2, /blog/{slug}); an unknown slug shows the not-found page. */
export function BlogArticlePage({ slug }: { slug: string }) {
  const guide = findGuide(slug);
  const html = guide ? htmlBySlug.get(guide.slug) : undefined;
  if (!guide || html === undefined) return <NotFoundPage />;

  return (
    <MarketingLayout>
      <article>
        <header className="bg-linear-to-b from-brand-50 to-white">
          <Container className="max-w-3xl pt-10 pb-8 sm:pt-14">
            <Link
              to="/blog"
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {BLOG_TEXT.backToGuides}
            </Link>
            <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {guide.category}
            </p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">
              {guide.title}
            </h1>
            <p className="mt-4 text-lg text-pretty text-slate-600">{guide.excerpt}</p>
            <p className="mt-5 text-sm text-slate-500">
              {guide.author} · <time dateTime={guide.date}>{formatGuideDate(guide.date)}</time> ·{' '}
              {guide.readMinutes} min read
            </p>
          </Container>
        </header>
        <Container className="max-w-3xl pb-16">
          <GuideBanner category={guide.category} className="mb-10 h-32 rounded-2xl sm:h-40" />
          <Prose html={html} />
        </Container>
      </article>

      <Container className="max-w-3xl pb-16">
        <aside className="rounded-2xl bg-slate-900 p-6 text-white sm:p-8">
          <h2 className="text-2xl font-bold tracking-tight">{BLOG_TEXT.ctaTitle}</h2>
          <p className="mt-2 text-slate-300">{BLOG_TEXT.ctaText}</p>
          <SignupButton size="lg" className="mt-6 bg-brand-600 hover:bg-brand-500">
            {BLOG_TEXT.ctaButton}
          </SignupButton>
        </aside>
      </Container>

      <section
        aria-labelledby="more-guides"
        className="border-t border-slate-200 bg-slate-50 py-16"
      >
        <Container>
          <h2 id="more-guides" className="text-2xl font-bold tracking-tight text-slate-900">
            {BLOG_TEXT.moreGuides}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {relatedGuides(GUIDES, guide).map((related) => (
              <li key={related.slug}>
                <GuideCard guide={related} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </MarketingLayout>
  );
}
