import type { ReactNode } from 'react';

import { BrandLogo } from './brand-logo';

/**
 * A full-height page with the logo on top and one centred column: the frame for app screens
 * (auth, dashboards, payment status) and for error pages.
 */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-linear-to-b from-brand-50 to-white">
      <header className="px-4 py-4 sm:px-6">
        <BrandLogo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:items-center sm:pt-0">
        {children}
      </main>
    </div>
  );
}
