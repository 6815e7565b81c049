import type { ReactNode } from 'react';

import { SignupDialogProvider } from '../signup/signup-dialog';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Header, main content (clear of the fixed header: two rows on a phone, one from `sm`) and
 * footer of every marketing page, with the sign-up dialog any of them can open.
 */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <SignupDialogProvider>
      <div className="flex min-h-dvh flex-col bg-white">
        <SiteHeader />
        <main className="flex-1 pt-26 sm:pt-16">{children}</main>
        <SiteFooter />
      </div>
    </SignupDialogProvider>
  );
}

/** A marketing page's title block: eyebrow, heading and intro on a soft brand tint. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto w-full max-w-6xl px-4 pt-12 pb-8 sm:px-6 sm:pt-16 lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-4 max-w-2xl text-lg text-pretty text-slate-600">{children}</div>
        ) : null}
      </div>
    </div>
  );
}
