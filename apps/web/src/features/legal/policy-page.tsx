import type { ReactNode } from 'react';

import { Container } from '../../components/ui/container';
import { MarketingLayout, PageIntro } from '../marketing/components/marketing-layout';
import { Prose } from '../marketing/components/prose';

/** A policy Markdown module (content/legal/*.md) as the build step emits it. */
export type PolicyContent = {
  meta: Readonly<Record<string, string | number | boolean>>;
  html: string;
};

export const LEGAL_EYEBROW = 'Legal';

/** "07-05-2025" (the spec's day-month-year dates) → "2025-05-07" for `<time dateTime>`. */
export function isoDate(dayMonthYear: string): string {
  const [day, month, year] = dayMonthYear.split('-');
  return `${year}-${month}-${day}`;
}

/**
 * A policy page: its title and "Last updated" date from the front matter (the build step
 * guarantees both are there), then the policy text.
 */
export function PolicyPage({
  content,
  children,
}: {
  content: PolicyContent;
  children?: ReactNode;
}) {
  const title = String(content.meta.title);
  const updated = String(content.meta.updated);
  return (
    <MarketingLayout>
      <PageIntro eyebrow={LEGAL_EYEBROW} title={title}>
        <p>
          Last updated: <time dateTime={isoDate(updated)}>{updated}</time>
        </p>
      </PageIntro>
      <Container className="max-w-3xl pb-20">
        <Prose html={content.html} />
        {children}
      </Container>
    </MarketingLayout>
  );
}
