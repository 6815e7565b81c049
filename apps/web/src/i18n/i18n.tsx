import { i18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  isLanguage,
  type Language,
} from '@shabaash/core';
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

import type accountCatalog from './catalogs/account/en-IN.json';
import type authCatalog from './catalogs/auth/en-IN.json';
import type dashboardCatalog from './catalogs/dashboard/en-IN.json';
import type donationCatalog from './catalogs/donation/en-IN.json';
import type marketingCatalog from './catalogs/marketing/en-IN.json';
import type mediaCatalog from './catalogs/media/en-IN.json';
import type overlayCatalog from './catalogs/overlay/en-IN.json';
import type plansCatalog from './catalogs/plans/en-IN.json';
import type uiCatalog from './catalogs/ui/en-IN.json';
import type statusCatalog from './catalogs/status/en-IN.json';
import type voiceCatalog from './catalogs/voice/en-IN.json';

/**
 * The pages' texts in the reader's language (issue 21), on Lingui's runtime with catalogs
 * compiled at build time (compiled-catalogs-plugin.ts). One catalog per area and language; a
 * page loads the areas it shows, in its one language.
 */

/**
 * The catalog areas: the donation page, its voice recorder and media picker (each loaded with
 * its code), the status page,
 * the overlay and widgets, and the dashboard with its settings (in the signed-in user's
 * language: features/dashboard/dashboard-language.tsx).
 */
export type CatalogArea =
  | 'donation'
  | 'voice'
  | 'media'
  | 'status'
  | 'overlay'
  | 'dashboard'
  // The marketing site's public pages (their Hindi copies under /hi).
  | 'marketing'
  // Sign in, sign up, forgot and reset password, verify e-mail.
  | 'auth'
  // The signed-in pages outside the dashboard: account, plans, create a page, invite, your
  // data, admin console (features/dashboard/dashboard-language.tsx).
  | 'account'
  // The plans' names, features and dialog, on the pricing section and the signed-in pages.
  | 'plans'
  // The shared components' words (components/ui/ui.constants.ts): dialogs and toasts.
  | 'ui';

/** Every message id, typed from the source (en-IN) catalogs: a typo is a type error. */
export type MessageId = Extract<
  | keyof typeof donationCatalog
  | keyof typeof voiceCatalog
  | keyof typeof mediaCatalog
  | keyof typeof statusCatalog
  | keyof typeof overlayCatalog
  | keyof typeof dashboardCatalog
  | keyof typeof marketingCatalog
  | keyof typeof authCatalog
  | keyof typeof accountCatalog
  | keyof typeof plansCatalog
  | keyof typeof uiCatalog,
  string
>;

export type MessageValues = Record<string, string | number>;

type CatalogModule = { default: unknown };

/**
 * Each catalog is its own chunk: a Hindi page downloads the hi catalogs of its areas. English
 * has no loaders: its texts are the code's own constants (each `localized` set and each `t`
 * call carries them; the en-IN catalogs, the translators' source, equal them:
 * catalogs.test.ts), so an English page downloads no catalog at all.
 */
const CATALOG_LOADERS: Record<
  CatalogArea,
  Partial<Record<Language, () => Promise<CatalogModule>>>
> = {
  donation: { hi: () => import('./catalogs/donation/hi.json') },
  voice: { hi: () => import('./catalogs/voice/hi.json') },
  media: { hi: () => import('./catalogs/media/hi.json') },
  status: { hi: () => import('./catalogs/status/hi.json') },
  overlay: { hi: () => import('./catalogs/overlay/hi.json') },
  dashboard: { hi: () => import('./catalogs/dashboard/hi.json') },
  marketing: { hi: () => import('./catalogs/marketing/hi.json') },
  auth: { hi: () => import('./catalogs/auth/hi.json') },
  account: { hi: () => import('./catalogs/account/hi.json') },
  plans: { hi: () => import('./catalogs/plans/hi.json') },
  ui: { hi: () => import('./catalogs/ui/hi.json') },
};

const loaded = new Set<string>();

/** Whether `areas` of `language` are in memory already. */
export function isLanguageLoaded(language: Language, areas: readonly CatalogArea[]): boolean {
  // A language with no catalog to load (English) is always ready.
  return areas.every(
    (area) => loaded.has(`${area}/${language}`) || !CATALOG_LOADERS[area][language],
  );
}

/** Adds compiled catalogs of `language` (the server renderer has every catalog at hand). */
export function addCatalogs(
  language: Language,
  catalogs: ReadonlyArray<{ area: CatalogArea; messages: unknown }>,
): void {
  for (const { area, messages } of catalogs) {
    if (loaded.has(`${area}/${language}`)) continue;
    // The plugin compiled every message: the JSON is Lingui's compiled message form.
    i18n.load(language, messages as Messages);
    loaded.add(`${area}/${language}`);
  }
}

/** Downloads the catalogs of `areas` in `language` (unless loaded) and makes it the language. */
export async function loadLanguage(
  language: Language,
  areas: readonly CatalogArea[],
): Promise<void> {
  for (const area of areas) areasInUse.add(area);
  const missing = areas.filter((area) => !loaded.has(`${area}/${language}`));
  const modules = await Promise.all(
    missing.map((area) => CATALOG_LOADERS[area][language]?.() ?? { default: {} }),
  );
  addCatalogs(
    language,
    missing.map((area, index) => ({ area, messages: modules[index]?.default })),
  );
  i18n.activate(language);
}

/** The areas this page has loaded, so a switch of language loads them all in the new one. */
const areasInUse = new Set<CatalogArea>();

/**
 * A lazily loaded part of a page with texts of its own (the voice recorder): its code and its
 * catalogs in the page's language arrive together, for React.lazy.
 */
export async function withCatalogs<Module>(
  areas: readonly CatalogArea[],
  importModule: () => Promise<Module>,
): Promise<Module> {
  const language = languageOr(i18n.locale, DEFAULT_LANGUAGE);
  const [module] = await Promise.all([importModule(), loadLanguage(language, areas)]);
  return module;
}

/** Makes `language` the one texts are read in; its catalogs must be loaded. */
export function activateLanguage(language: Language): void {
  i18n.activate(language);
}

/** The language texts are read in now (for what formats outside `t`, like relative times). */
export function activeLanguage(): Language {
  return languageOr(i18n.locale, DEFAULT_LANGUAGE);
}

/**
 * The text of `id` in the active language, with `values` filled into its ICU placeholders;
 * `english` when the loaded catalogs have no `id`: in English (which loads none) and on pages
 * that load no catalog of its area.
 */
export function t(id: MessageId, values: MessageValues | undefined, english: string): string {
  if (!hasMessage(id)) return english;
  return i18n._(id, values);
}

/** Whether the active language's loaded catalogs have `id`. */
function hasMessage(id: MessageId): boolean {
  return Object.hasOwn(i18n.messages, id);
}

/** A language tag read from the page (`<html lang>`) or a cookie, or the default. */
export function languageOr(value: string | null | undefined, fallback: Language): Language {
  return isLanguage(value) ? value : fallback;
}

/** The fan's remembered choice (the `shabaash_lang` cookie), or null. */
export function cookieLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.match(new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`));
  return isLanguage(match?.[1]) ? match[1] : null;
}

/** Remembers the fan's choice for this site (the server renders the donation page in it). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${String(LANGUAGE_COOKIE_MAX_AGE_S)}; SameSite=Lax`;
}

type LanguageState = { language: Language; switchLanguage: (language: Language) => void };

const LanguageContext = createContext<LanguageState>({
  language: DEFAULT_LANGUAGE,
  switchLanguage: () => undefined,
});

/**
 * The page's language for the components under it. A component that shows text calls
 * useLanguage() (directly, or through its page), so a switch re-renders it in the new language.
 */
export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/**
 * Renders `children` in `language` once its catalogs of `areas` are loaded (at once when they
 * are, so a hydrating page renders what the server did), keeps `<html lang>` right, and lets a
 * fan switch: the switch loads the other catalog first, then re-renders the page in it.
 */
export function InLanguage({
  language: initial,
  areas,
  children,
}: {
  language: Language;
  areas: readonly CatalogArea[];
  children: ReactNode;
}) {
  const [language, setLanguage] = useState<Language | null>(() => {
    if (!isLanguageLoaded(initial, areas)) return null;
    activateLanguage(initial);
    return initial;
  });

  // A page that starts in a language not loaded yet (the app's routes) loads it first.
  useEffect(() => {
    let isCurrent = true;
    void loadLanguage(initial, areas).then(() => {
      if (isCurrent) setLanguage(initial);
    });
    return () => {
      isCurrent = false;
    };
    // The areas are a constant of each page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  useEffect(() => {
    if (language) document.documentElement.lang = language;
  }, [language]);

  if (!language) return null;
  const switchLanguage = (next: Language) => {
    rememberLanguage(next);
    void loadLanguage(next, [...areas, ...areasInUse]).then(() => setLanguage(next));
  };
  return <LanguageContext value={{ language, switchLanguage }}>{children}</LanguageContext>;
}

/** Every localized text set, for the test that holds the en-IN catalog equal to the English. */
export const LOCALIZED_SOURCES: Array<{ prefix: string; english: object }> = [];

/**
 * A text constant in the active language, with the English constant's shape: each string of
 * `english` reads `<prefix>.<key path>` from the catalogs when it is used, so the spec's English
 * stays where it was (and the en-IN catalog must equal it: i18n/catalogs.test.ts). Functions
 * are kept: they call t() themselves with their values.
 */
export function localized<T extends object>(prefix: string, english: T): T {
  LOCALIZED_SOURCES.push({ prefix, english });
  return localizedTree(prefix, english) as T;
}

function localizedTree(prefix: string, english: object): object {
  const result = Array.isArray(english) ? [] : {};
  for (const [key, value] of Object.entries(english)) {
    const id = `${prefix}.${key}` as MessageId;
    if (typeof value === 'string') {
      Object.defineProperty(result, key, { get: () => t(id, undefined, value), enumerable: true });
    } else if (value !== null && typeof value === 'object') {
      Object.defineProperty(result, key, {
        value: localizedTree(id, value as object),
        enumerable: true,
      });
    } else {
      Object.defineProperty(result, key, { value, enumerable: true });
    }
  }
  return result;
}
