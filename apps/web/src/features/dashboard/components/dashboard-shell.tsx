import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { Container } from '../../../components/ui/container';
import { useSession } from '../../auth/use-session';
import { DASHBOARD_TEXT } from '../dashboard.constants';

/** The frame of the dashboard screens: a slim top bar with the signed-in account, then content. */
export function DashboardShell({ children }: { children: ReactNode }) {
  const { user } = useSession();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <Container className="flex h-14 items-center justify-between gap-4">
          <BrandLogo />
          {user ? (
            <div className="flex min-w-0 items-center gap-3 text-sm text-slate-600">
              <p className="min-w-0 truncate">
                <span className="hidden sm:inline">{DASHBOARD_TEXT.signedInAs} </span>
                <span translate="no" className="font-medium text-slate-900">
                  {user.email}
                </span>
              </p>
              <Link to="/account" className="shrink-0 underline">
                {DASHBOARD_TEXT.account}
              </Link>
            </div>
          ) : null}
        </Container>
      </div>
      <main className="flex-1">
        <Container className="flex flex-col gap-6 py-6 sm:py-8">{children}</Container>
      </main>
    </div>
  );
}
