import { PUBLIC_PAGES, guidePath } from '@shabaash/core';
import { FileText, Home, Newspaper, Scale, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { buttonStyles } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { GUIDES } from '../blog/guides';
import { MarketingLayout, PageIntro } from './components/marketing-layout';
import { usePagePath } from './marketing-language';
import { PUBLIC_PAGE_TITLES, SITEMAP_TEXT } from './marketing.constants';

/** `lang` marks a link whose page is in another language than this one. */
type SitemapLink = { to: string; label: string; lang?: string };

/**
 * The human site map (spec 01 §2): cards for the main pages, the guides and the legal pages,
 * from the same page list as /sitemap.xml, and a Return to Home button.
 */
export function SitemapPage() {
  const pagePath = usePagePath();
  const pagesIn = (group: 'main' | 'legal'): SitemapLink[] =>
    PUBLIC_PAGES.filter((page) => page.group === group).map((page) => ({
      to: pagePath(page.path),
      label: PUBLIC_PAGE_TITLES[page.path] ?? page.title,
    }));
  // The guides are written in English (README, Languages): their names say so.
  const guides = GUIDES.map((guide) => ({
    to: guidePath(guide.slug),
    label: guide.title,
    lang: 'en-IN',
  }));

  return (
    <MarketingLayout>
      <PageIntro title={SITEMAP_TEXT.title}>
        <p>{SITEMAP_TEXT.intro}</p>
      </PageIntro>
      <Container className="pb-20">
        <div className="grid gap-6 md:grid-cols-3">
          <SitemapCard Icon={Home} title={SITEMAP_TEXT.mainPages} links={pagesIn('main')} />
          <SitemapCard Icon={Newspaper} title={SITEMAP_TEXT.guides} links={guides} />
          <SitemapCard Icon={Scale} title={SITEMAP_TEXT.legalPages} links={pagesIn('legal')} />
        </div>
        <Link to={pagePath('/')} className={buttonStyles({ size: 'lg', className: 'mt-10' })}>
          {SITEMAP_TEXT.returnHome}
        </Link>
      </Container>
    </MarketingLayout>
  );
}

function SitemapCard({
  Icon,
  title,
  links,
}: {
  Icon: LucideIcon;
  title: string;
  links: SitemapLink[];
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-brand-100 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-lg leading-tight font-semibold text-slate-900">{title}</h2>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {links.map((link) => (
            <li key={link.to} className="flex gap-2">
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <Link
                to={link.to}
                lang={link.lang}
                className="text-slate-700 hover:text-brand-700 hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
