import {
  BookOpen,
  Compass,
  HeartHandshake,
  IndianRupee,
  ShieldCheck,
  Target,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';

import { cn } from '../../lib/cn';
import { BLOG_TEXT, GUIDE_CATEGORY_LABELS, type GuideCategory } from './blog.constants';
import { formatGuideDate } from './guide-search';
import type { Guide } from './guides';

/** Each category's colour and icon stand in for article images: nothing heavy to download. */
const CATEGORY_STYLES: Record<GuideCategory, { Icon: LucideIcon; classes: string }> = {
  'Getting Started': { Icon: Compass, classes: 'from-sky-500 to-indigo-600' },
  'Platform Guides': { Icon: BookOpen, classes: 'from-violet-500 to-fuchsia-600' },
  'Fan Engagement': { Icon: HeartHandshake, classes: 'from-pink-500 to-rose-600' },
  Security: { Icon: ShieldCheck, classes: 'from-emerald-500 to-teal-700' },
  Monetization: { Icon: IndianRupee, classes: 'from-amber-500 to-brand-700' },
  Strategy: { Icon: Target, classes: 'from-slate-600 to-slate-900' },
};

/** The coloured banner with the category's icon at the top of a guide card or article. */
export function GuideBanner({
  category,
  className,
}: {
  category: GuideCategory;
  className?: string;
}) {
  const { Icon, classes } = CATEGORY_STYLES[category];
  return (
    <div
      aria-hidden="true"
      className={cn('grid place-items-center bg-linear-to-br text-white', classes, className)}
    >
      <Icon className="size-10 opacity-90" />
    </div>
  );
}

/** A guide in a list: banner, category, title, excerpt, date and read time. */
export function GuideCard({
  guide,
  headingLevel = 'h2',
}: {
  guide: Guide;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <GuideBanner category={guide.category} className="h-28" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {GUIDE_CATEGORY_LABELS[guide.category]}
        </p>
        {/* The guides are written in English (README, Languages): their words say so. */}
        <Heading lang="en-IN" className="mt-2 text-lg leading-snug font-semibold text-slate-900">
          {/* The whole card is the link's click area; the heading carries its name. */}
          <Link to={`/blog/${guide.slug}`} className="after:absolute after:inset-0">
            {guide.title}
          </Link>
        </Heading>
        <p lang="en-IN" className="mt-2 flex-1 text-sm text-slate-600">
          {guide.excerpt}
        </p>
        <p className="mt-4 text-xs text-slate-500">
          <time lang="en-IN" dateTime={guide.date}>
            {formatGuideDate(guide.date)}
          </time>{' '}
          · {BLOG_TEXT.readingTime(guide.readMinutes)}
        </p>
      </div>
    </article>
  );
}
