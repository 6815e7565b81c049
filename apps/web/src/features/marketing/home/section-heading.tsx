import type { ReactNode } from 'react';

import { cn } from '../../../lib/cn';

/** Eyebrow, heading and intro at the top of a home-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  centered = false,
}: {
  /** Id of the heading, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  centered?: boolean;
}) {
  return (
    <div className={cn('max-w-2xl', centered && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-pretty text-slate-600">{intro}</p> : null}
    </div>
  );
}

/** Classes of a home-page section that an in-page anchor can target. */
export const SECTION_CLASSES = 'scroll-mt-8 py-16 sm:scroll-mt-0 sm:py-24';
