import type { MetaFunction } from 'react-router';

import { DashboardChooserPage } from '../features/dashboard/dashboard-chooser-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Dashboard', noIndex: true });

export default function DashboardRoute() {
  usePageTitle(PAGE_TITLES.dashboard);
  return <DashboardChooserPage />;
}
