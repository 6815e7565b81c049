import type { MetaFunction } from 'react-router';

import { AdminConsolePage } from '../features/admin-console/admin-console-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Admin console', noIndex: true });

export default AdminConsolePage;
