import { useEffect } from 'react';

import { localized, t } from '../../i18n/i18n';
import { SITE_NAME } from '../../lib/meta';

/**
 * The browser tab's title of each signed-in page, in the user's language (issue 21). A route's
 * `meta` runs before the page knows the user, so it gives the English title; the page then
 * sets this one (usePageTitle).
 */
export const PAGE_TITLES = /* @__PURE__ */ localized('pageTitles', {
  dashboard: 'Dashboard',
  account: 'Account',
  testAlerts: 'Test alerts',
  createPage: 'Create your page',
  invite: 'Join Shabaash',
  myData: 'Your data',
  admin: 'Admin console',
  streamerDashboard: (slug: string) =>
    t('pageTitles.streamerDashboardFn', { slug }, `Dashboard · ${slug}`),
  activity: (slug: string) => t('pageTitles.activityFn', { slug }, `Activity · ${slug}`),
  plans: (slug: string) => t('pageTitles.plansFn', { slug }, `Plans · ${slug}`),
} as const);

/** Sets the browser tab's title (with the site's name) while the page shows `title`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);
}
