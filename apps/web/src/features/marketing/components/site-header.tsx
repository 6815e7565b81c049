import { useLocation } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Container } from '../../../components/ui/container';
import { LOGIN_LABEL, NAV_ANCHORS, START_EARNING_LABEL } from '../marketing.constants';
import { SignupButton } from '../signup/signup-dialog';

/**
 * The fixed top navigation of the marketing site: logo, the home-page anchors, Login and Start
 * Earning. On a phone the anchors sit on a second row so nothing is squeezed or hidden.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  // From another page the anchors lead back to the home page's sections.
  const anchorBase = pathname === '/' ? '' : '/';

  const anchors = NAV_ANCHORS.map((anchor) => (
    <li key={anchor.id}>
      {/* A plain anchor: native in-page scrolling, and it works before hydration. */}
      <a
        href={`${anchorBase}#${anchor.id}`}
        className="inline-flex rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        {anchor.label}
      </a>
    </li>
  ));

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <Container className="flex h-16 items-center justify-between gap-3">
        <BrandLogo />
        <nav aria-label="Main" className="hidden sm:block">
          <ul className="flex items-center gap-1">{anchors}</ul>
        </nav>
        <div className="flex items-center gap-1">
          {/* A plain link: it works before hydration, and /auth is its own page. */}
          <a
            href="/auth"
            className="inline-flex rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            {LOGIN_LABEL}
          </a>
          <SignupButton size="sm">{START_EARNING_LABEL}</SignupButton>
        </div>
      </Container>
      <nav aria-label="Sections" className="border-t border-slate-100 sm:hidden">
        <Container>
          <ul className="-mx-3 flex h-10 items-center">{anchors}</ul>
        </Container>
      </nav>
    </header>
  );
}
