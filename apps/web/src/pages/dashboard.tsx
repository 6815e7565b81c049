import type { MetaFunction } from 'react-router';

import { DashboardChooserPage } from '../features/dashboard/dashboard-chooser-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Dashboard', noIndex: true });

export default DashboardChooserPage;
