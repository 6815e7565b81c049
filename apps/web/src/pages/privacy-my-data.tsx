import type { MetaFunction } from 'react-router';

import { MyDataPage } from '../features/privacy/my-data-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Your data', noIndex: true });

export default MyDataPage;
