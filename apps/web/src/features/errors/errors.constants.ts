import { localized } from '../../i18n/i18n';

/**
 * Texts of the not-found and error screens (spec 01 §2 and §8), in the reader's language (the
 * `ui` catalogs, which the pages that can show them load; a page without them shows English).
 */
export const ERRORS_TEXT = /* @__PURE__ */ localized('ui.errors', {
  notFoundTitle: 'Oops! Page not found',
  /** The browser tab's title on every path that shows the not-found page. */
  notFoundPageTitle: 'Page not found',
  notFoundText: "The page you're looking for doesn't exist or has moved.",
  returnHome: 'Return to Home',
  errorTitle: 'Something went wrong',
  errorText: 'Sorry, this page could not be shown. Please reload it, or go back to the home page.',
  reload: 'Reload page',
} as const);
