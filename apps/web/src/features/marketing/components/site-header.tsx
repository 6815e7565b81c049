import { useLocation } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Container } from '../../../components/ui/container';
import { MarketingLanguageSwitch, usePagePath } from '../marketing-language';
import { HEADER_TEXT, NAV_ANCHORS, entriesOf } from '../marketing.constants';
import { SignupButton } from '../signup/signup-dialog';

/**
 * The fixed top navigation of the marketing site: logo, the home-page anchors, Login and Start
 * Earning, and the language switch. On a phone the anchors (and the switch) sit on a second row
 * so nothing is squeezed or hidden.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const pagePath = usePagePath();
  const home = pagePath('/');
  // From another page the anchors lead back to the home page's sections (in this language).
  const anchorBase = pathname === home ? '' : home;

  const anchors = entriesOf(NAV_ANCHORS).map(([id, label]) => (
    <li key={id}>
      {/* A plain anchor: native in-page scrolling, and it works before hydration. */}
      <a
        href={`${anchorBase}#${id}`}
        className="inline-flex rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        {label}
      </a>
    </li>
  ));

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <Container className="flex h-16 items-center justify-between gap-3">
        <BrandLogo href={home} />
        <nav aria-label={HEADER_TEXT.mainNavLabel} className="hidden sm:block">
          <ul className="flex items-center gap-1">{anchors}</ul>
        </nav>
        <div className="flex items-center gap-1">
          <MarketingLanguageSwitch display="hidden sm:flex" />
          {/* A plain link: it works before hydration, and /auth is its own page. */}
          <a
            href="/auth"
            className="inline-flex rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            {HEADER_TEXT.login}
          </a>
          <SignupButton size="sm">{HEADER_TEXT.startEarning}</SignupButton>
        </div>
      </Container>
      <nav
        aria-label={HEADER_TEXT.sectionsNavLabel}
        className="border-t border-slate-100 sm:hidden"
      >
        <Container className="flex items-center justify-between gap-2">
          {/* Scrolls sideways on a narrow phone, ending where the switch begins. */}
          <ul className="-ml-3 flex h-10 min-w-0 items-center overflow-x-auto">{anchors}</ul>
          <MarketingLanguageSwitch display="flex shrink-0" />
        </Container>
      </nav>
    </header>
  );
}
