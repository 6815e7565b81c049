import type { MetaFunction } from 'react-router';

import { AccountPage } from '../features/account/account-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Account', noIndex: true });

export default AccountPage;
