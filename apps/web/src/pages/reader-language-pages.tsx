import { languageOfPath } from '@shabaash/core';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';

import { languageOfBrowser } from '../features/auth/browser-locale';
import { InLanguage, cookieLanguage } from '../i18n/i18n';

/**
 * Pages for whoever arrives by any link (the not-found page, routes.ts), in the reader's
 * language (issue 21): the one a `/hi/…` address names, else the one they chose on this site
 * (the `shabaash_lang` cookie), else their browser's.
 */
export default function ReaderLanguagePages() {
  const { pathname } = useLocation();
  const [language] = useState(() => {
    const named = languageOfPath(pathname);
    if (named.page !== pathname) return named.language;
    return cookieLanguage() ?? languageOfBrowser(globalThis.navigator?.language);
  });
  return (
    <InLanguage language={language} areas={['ui']}>
      <Outlet />
    </InLanguage>
  );
}
