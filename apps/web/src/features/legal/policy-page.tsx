import { DEFAULT_LANGUAGE, languageOfPath, pathInLanguage } from '@shabaash/core';
import { Languages } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { Container } from '../../components/ui/container';
import { rememberLanguage } from '../../i18n/i18n';
import { MarketingLayout, PageIntro } from '../marketing/components/marketing-layout';
import { Prose } from '../marketing/components/prose';
import { LEGAL_NOTICE_TEXT } from '../marketing/marketing.constants';

/** A policy Markdown module (content/legal/*.md) as the build step emits it. */
export type PolicyContent = {
  meta: Readonly<Record<string, string | number | boolean>>;
  html: string;
};

/** "07-05-2025" (the spec's day-month-year dates) → "2025-05-07" for `<time dateTime>`. */
export function isoDate(dayMonthYear: string): string {
  const [day, month, year] = dayMonthYear.split('-');
  return `${year}-${month}-${day}`;
}

/**
 * A policy page: its title and "Last updated" date from the front matter (the build step
 * guarantees both are there), then the policy text. The policies are written in English, which
 * stays the binding text (issue 21): another language's copy of the page says so at its top,
 * in that language, with a link to the English page, around the same English text.
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
  const { language, page } = languageOfPath(useLocation().pathname);
  const isEnglish = language === DEFAULT_LANGUAGE;
  return (
    <MarketingLayout>
      <PageIntro
        eyebrow={LEGAL_NOTICE_TEXT.eyebrow}
        title={isEnglish ? title : <span lang={DEFAULT_LANGUAGE}>{title}</span>}
      >
        <p>
          {LEGAL_NOTICE_TEXT.lastUpdated} <time dateTime={isoDate(updated)}>{updated}</time>
        </p>
      </PageIntro>
      <Container className="max-w-3xl pb-20">
        {isEnglish ? null : (
          <aside
            aria-labelledby="binding-language"
            className="mb-8 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            <Languages aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <h2 id="binding-language" className="font-semibold">
                {LEGAL_NOTICE_TEXT.bindingTitle}
              </h2>
              <p className="mt-1">
                {LEGAL_NOTICE_TEXT.bindingText}{' '}
                <Link
                  to={pathInLanguage(page, DEFAULT_LANGUAGE)}
                  lang={DEFAULT_LANGUAGE}
                  hrefLang={DEFAULT_LANGUAGE}
                  // Opening the binding text is choosing English: remembered, so a reload or a
                  // shared link is not sent back to this copy by the browser's language.
                  onClick={() => rememberLanguage(DEFAULT_LANGUAGE)}
                  className="font-semibold underline"
                >
                  {LEGAL_NOTICE_TEXT.bindingLink}
                </Link>
              </p>
            </div>
          </aside>
        )}
        <div lang={isEnglish ? undefined : DEFAULT_LANGUAGE}>
          <Prose html={content.html} />
        </div>
        {children}
      </Container>
    </MarketingLayout>
  );
}
