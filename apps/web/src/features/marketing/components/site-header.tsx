import { useLocation } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Container } from '../../../components/ui/container';
import { NAV_ANCHORS } from '../marketing.constants';

/**
 * The fixed top navigation of the marketing site. Anchors point into the home page, so from any
 * other page they lead back to it.
 */
// TODO(marketing-site issue): add the "Start Earning" button that opens the sign-up dialog.
export function SiteHeader() {
  const { pathname } = useLocation();
  const anchorBase = pathname === '/' ? '' : '/';

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-2">
        <BrandLogo />
        <nav aria-label="Main">
          <ul className="flex items-center sm:gap-2">
            {NAV_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                {/* A plain anchor: native in-page scrolling, and it works before hydration. */}
                <a
                  href={`${anchorBase}#${anchor.id}`}
                  className="rounded-md px-1.5 py-2 text-[0.8125rem] font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3 sm:text-sm"
                >
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </header>
  );
}
