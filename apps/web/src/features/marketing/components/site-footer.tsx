import { SITE_SOCIAL_PLATFORMS } from '@shabaash/core';
import { Link } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Container } from '../../../components/ui/container';
import { SITE_NAME } from '../../../lib/meta';
import { SOCIAL_LINK_LABELS } from '../../donation/donation.constants';
import { useSiteConfig } from '../../site-config/use-site-config';
import { usePagePath } from '../marketing-language';
import { FOOTER, footerColumns } from '../marketing.constants';
import { useSignupDialog } from '../signup/signup-dialog';

const LINK_CLASSES = 'text-sm text-slate-600 hover:text-brand-700 hover:underline';

/**
 * The marketing site's footer (spec 01 §2): brand, For Creators, Features and Company columns,
 * the operator's social links (those set in the admin console; none before they load), and the
 * copyright line with the current year.
 */
export function SiteFooter() {
  const { openSignup } = useSignupDialog();
  const pagePath = usePagePath();
  const year = new Date().getFullYear();
  const siteConfig = useSiteConfig().data;
  const socialLinks = siteConfig?.social_links ?? {};
  const supportEmail = siteConfig?.support.email;
  const networks = SITE_SOCIAL_PLATFORMS.filter((platform) => socialLinks[platform]);

  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <BrandLogo href={pagePath('/')} />
          <p className="mt-3 max-w-xs text-sm text-slate-600">{FOOTER.tagline}</p>
          {supportEmail && (
            <p className="mt-3 text-sm">
              <a href={`mailto:${supportEmail}`} translate="no" className={LINK_CLASSES}>
                {supportEmail}
              </a>
            </p>
          )}
          <p className="mt-1 text-sm text-slate-600">{FOOTER.madeIn}</p>
          {networks.length > 0 && (
            <ul aria-label={FOOTER.socialLabel} className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
              {networks.map((platform) => (
                <li key={platform}>
                  <a
                    href={socialLinks[platform]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={FOOTER.socialLinkName(SOCIAL_LINK_LABELS[platform])}
                    className={LINK_CLASSES}
                  >
                    {SOCIAL_LINK_LABELS[platform]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {footerColumns().map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2.5">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.kind === 'signup' ? (
                    <button
                      type="button"
                      onClick={() => openSignup()}
                      className={`${LINK_CLASSES} text-left`}
                    >
                      {link.label}
                    </button>
                  ) : (
                    <Link to={pagePath(link.to)} className={LINK_CLASSES}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-slate-200">
        <Container className="py-5 text-sm text-slate-600">
          {/* Prerendered at build time: the year may differ from the visitor's clock. */}©{' '}
          <span suppressHydrationWarning>{year}</span> {SITE_NAME}. {FOOTER.rights}
        </Container>
      </div>
    </footer>
  );
}
