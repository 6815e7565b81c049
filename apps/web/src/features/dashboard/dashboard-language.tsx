import { languageOfLocale } from '@shabaash/core';
import { Fragment, type ReactNode } from 'react';
import { Outlet } from 'react-router';

import { InLanguage, cookieLanguage, useLanguage, type CatalogArea } from '../../i18n/i18n';
import { languageOfBrowser } from '../auth/browser-locale';
import { useSession } from '../auth/use-session';

/**
 * The signed-in pages' catalogs: the dashboard's, the donation page's (for the goal and
 * leaderboard texts the Fans & Goals tab shares with it), the account pages' (account, plans,
 * create a page, invite, your data, admin console), the auth pages' (the session spinner) and the
 * plans' (their names, features and dialog) and the shared components' (dialogs).
 */
const USER_AREAS: readonly CatalogArea[] = [
  'dashboard',
  'donation',
  'account',
  'auth',
  'plans',
  'ui',
];

/** Renders its children again from the top in a new language (constants are read in render). */
function Remount({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}

/**
 * The signed-in pages (the dashboard, account, plans, create a page, invite, your data, admin
 * console, test alerts) in the signed-in user's language (issue 21: `users.locale`, which the
 * dashboard's switch and the account page change); signed out, in the one they chose on this
 * site (a donation page's switch), else their browser's. Until the session is known the screens show their spinner.
 */
export function InUserLanguage({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return children;
  const language =
    session.status === 'signed-in'
      ? languageOfLocale(session.user.locale)
      : (cookieLanguage() ?? languageOfBrowser(globalThis.navigator?.language));
  return (
    <InLanguage language={language} areas={USER_AREAS}>
      <Remount>{children}</Remount>
    </InLanguage>
  );
}

/** The layout route of the signed-in pages (routes.ts): one language for all of them. */
export function UserLanguagePages() {
  return (
    <InUserLanguage>
      <Outlet />
    </InUserLanguage>
  );
}
