import type { MetaFunction } from 'react-router';

import { TestAlertsPage } from '../features/test-alerts/test-alerts-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Test alerts', noIndex: true });

export default TestAlertsPage;
