import type { ReactNode } from 'react';

import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main content (clear of the fixed header) and footer of every marketing page. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SiteHeader />
      <main className="flex-1 pt-16">{children}</main>
      <SiteFooter />
    </div>
  );
}

/** A marketing page body that only holds a centred placeholder card. */
export function MarketingPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div className="flex justify-center bg-linear-to-b from-brand-50 to-white px-4 py-16 sm:py-24">
      {children}
    </div>
  );
}
