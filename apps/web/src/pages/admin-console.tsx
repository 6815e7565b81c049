import type { MetaFunction } from 'react-router';

import { AdminConsolePage } from '../features/admin-console/admin-console-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Admin console', noIndex: true });

export default function AdminConsoleRoute() {
  usePageTitle(PAGE_TITLES.admin);
  return <AdminConsolePage />;
}
