import { isPublicPage, languageOfPath, pathInLanguage, type Language } from '@shabaash/core';
import { useCallback, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { LIGHT_LANGUAGE_CHOICE, LanguageChoice } from '../../components/language-choice';
import { InLanguage, rememberLanguage } from '../../i18n/i18n';
import { HEADER_TEXT } from './marketing.constants';

/** The language of the public page on screen: its URL says it (`/hi/…` is Hindi). */
export function useMarketingLanguage(): Language {
  return languageOfPath(useLocation().pathname).language;
}

/**
 * Puts an English path of the site into the page's language: a public page ('/contact',
 * '/#pricing') gets its copy in that language ('/hi/contact', '/hi#pricing'); app screens and
 * guides, which exist in English only, keep their path.
 */
export function usePagePath(): (path: string) => string {
  const language = useMarketingLanguage();
  return useCallback((path: string) => localizePath(path, language), [language]);
}

function localizePath(path: string, language: Language): string {
  const hashAt = path.indexOf('#');
  const page = hashAt === -1 ? path : path.slice(0, hashAt) || '/';
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  return isPublicPage(page) ? `${pathInLanguage(page, language)}${hash}` : path;
}

/**
 * The public pages of one language (a layout route in routes.ts): the catalogs of the
 * `marketing`, `plans` and `ui` areas are active before any page below reads a text. The Hindi layout
 * loads them with its own module (pages/public-pages-hi.tsx), so they are ready for the first
 * render and the prerendered HTML is Hindi.
 */
export function PublicPagesIn({ language }: { language: Language }) {
  return (
    <InLanguage key={language} language={language} areas={['marketing', 'plans', 'ui']}>
      <Outlet />
    </InLanguage>
  );
}

/**
 * The marketing pages' language switch (issue 21): a press remembers the choice (the
 * `shabaash_lang` cookie, which the server's Accept-Language redirect then obeys) and opens this
 * page in the other language.
 */
export function MarketingLanguageSwitch({ display }: { display?: string }): ReactNode {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const { language, page } = languageOfPath(pathname);
  return (
    <LanguageChoice
      language={language}
      look={LIGHT_LANGUAGE_CHOICE}
      label={HEADER_TEXT.languageSwitchLabel}
      display={display}
      onChoose={(option) => {
        rememberLanguage(option);
        void navigate(`${pathInLanguage(page, option)}${hash}`);
      }}
    />
  );
}
