import type { ReactNode } from 'react';
import { useState } from 'react';

import { LIGHT_LANGUAGE_CHOICE, LanguageChoice } from '../../components/language-choice';
import { InLanguage, cookieLanguage, useLanguage, type CatalogArea } from '../../i18n/i18n';
import { usePageTitle } from '../dashboard/page-titles';
import { AUTH_PAGE_TITLES, AUTH_TEXT } from './auth.constants';
import { languageOfBrowser } from './browser-locale';

/**
 * What the auth pages read: their own texts, and the API errors they show (`apiError.*`, in the
 * dashboard's catalog).
 */
const AUTH_AREAS: readonly CatalogArea[] = ['auth', 'dashboard'];

/**
 * An auth page (sign in, sign up, forgot and reset password, verify e-mail) in the reader's
 * language (issue 21): the one they chose on this site (the `shabaash_lang` cookie), else their
 * browser's. The switch at the top right changes it in place and remembers it.
 */
export function InAuthLanguage({
  page,
  children,
}: {
  /** Which page it is, for the browser tab's title. */
  page: keyof typeof AUTH_PAGE_TITLES;
  children: ReactNode;
}) {
  const [language] = useState(
    () => cookieLanguage() ?? languageOfBrowser(globalThis.navigator?.language),
  );
  return (
    <InLanguage language={language} areas={AUTH_AREAS}>
      <AuthPageTitle page={page} />
      <div className="fixed top-4 right-4 z-10 sm:right-6">
        <AuthLanguageSwitch />
      </div>
      {children}
    </InLanguage>
  );
}

function AuthLanguageSwitch() {
  const { language, switchLanguage } = useLanguage();
  return (
    <LanguageChoice
      language={language}
      look={LIGHT_LANGUAGE_CHOICE}
      label={AUTH_TEXT.languageSwitchLabel}
      onChoose={switchLanguage}
    />
  );
}

function AuthPageTitle({ page }: { page: keyof typeof AUTH_PAGE_TITLES }) {
  useLanguage(); // read again on a switch
  usePageTitle(AUTH_PAGE_TITLES[page]);
  return null;
}
