import type { MetaFunction } from 'react-router';

import { TestAlertsPage } from '../features/test-alerts/test-alerts-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Test alerts', noIndex: true });

export default function TestAlertsRoute() {
  usePageTitle(PAGE_TITLES.testAlerts);
  return <TestAlertsPage />;
}
