import type { ReactNode } from 'react';

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
            <p className="min-w-0 truncate text-sm text-slate-600">
              <span className="hidden sm:inline">{DASHBOARD_TEXT.signedInAs} </span>
              <span className="font-medium text-slate-900">{user.email}</span>
            </p>
          ) : null}
        </Container>
      </div>
      <main className="flex-1">
        <Container className="flex flex-col gap-6 py-6 sm:py-8">{children}</Container>
      </main>
    </div>
  );
}
