import type { MetaFunction } from 'react-router';

import { AccountPage } from '../features/account/account-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Account', noIndex: true });

export default function AccountRoute() {
  usePageTitle(PAGE_TITLES.account);
  return <AccountPage />;
}
