import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { AUTH_TEXT } from './auth.constants';
import { BackButton } from './components/back-button';
import { LoginForm } from './components/login-form';
import { SignupForm } from './components/signup-form';
import { FullPageSpinner } from './full-page-spinner';
import { isDashboardLogin, redirectTargetFrom } from './redirect';
import { useSession } from './use-session';

type AuthTab = 'login' | 'signup';

/** The tabs, read when shown (so in the page's language). */
function authTabs(): Array<TabItem<AuthTab>> {
  return [
    { value: 'login', label: AUTH_TEXT.loginTab },
    { value: 'signup', label: AUTH_TEXT.signupTab },
  ];
}

/**
 * The /auth screen (spec 01 §2): login and sign-up tabs, or only the login form titled
 * 'Streamer Dashboard Login' when the redirect target is a dashboard. A signed-in user (already,
 * or just now after a successful submit) goes straight to the redirect target.
 */
export function AuthPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  // `?tab=signup` opens on sign-up: a plan's Continue leads a new creator there (issue 22).
  const [tab, setTab] = useState<AuthTab>(
    searchParams.get('tab') === 'signup' ? 'signup' : 'login',
  );
  const target = redirectTargetFrom(searchParams);
  const isDashboardOnly = isDashboardLogin(searchParams);

  if (session.status === 'loading') return <FullPageSpinner label={AUTH_TEXT.checkingSession} />;
  if (session.status === 'signed-in') return <Navigate to={target} replace />;

  return (
    <CenteredPage>
      <div className="flex w-full max-w-md flex-col gap-3">
        <BackButton />
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900">
              {isDashboardOnly ? AUTH_TEXT.dashboardPageTitle : AUTH_TEXT.pageTitle}
            </h1>
            <CardDescription>
              {isDashboardOnly ? AUTH_TEXT.dashboardPageDescription : AUTH_TEXT.pageDescription}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {isDashboardOnly ? (
              <LoginForm />
            ) : (
              <Tabs items={authTabs()} value={tab} onChange={setTab} label={AUTH_TEXT.tabsLabel}>
                {tab === 'login' ? <LoginForm /> : <SignupForm />}
              </Tabs>
            )}
          </CardContent>
        </Card>
      </div>
    </CenteredPage>
  );
}
