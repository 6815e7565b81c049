import { Link } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Container } from '../../../components/ui/container';
import { SITE_NAME } from '../../../lib/meta';
import { FOOTER_LINK_GROUPS, FOOTER_TAGLINE } from '../marketing.constants';

/** The marketing site's footer: brand, page links and the copyright line with the current year. */
// TODO(marketing-site issue): the spec's four columns (brand, For Creators, Features, Company)
// and the social icon links.
export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <BrandLogo />
          <p className="mt-3 max-w-xs text-sm text-slate-600">{FOOTER_TAGLINE}</p>
        </div>
        {FOOTER_LINK_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-brand-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-slate-200">
        <Container className="py-5 text-sm text-slate-600">
          {/* Prerendered at build time: the year may differ from the visitor's clock. */}©{' '}
          <span suppressHydrationWarning>{year}</span> {SITE_NAME}. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}
