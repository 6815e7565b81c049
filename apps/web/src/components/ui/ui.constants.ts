import { localized } from '../../i18n/i18n';

/**
 * The shared components' own words (the `ui` catalogs): the dialog's close button and the
 * toasts' region. Loaded with what shows them: a page's dialogs, and the toast library.
 */
export const UI_TEXT = /* @__PURE__ */ localized('ui', {
  close: 'Close',
  notifications: 'Notifications',
} as const);
