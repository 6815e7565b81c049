import type { MetaFunction } from 'react-router';

import { MyDataPage } from '../features/privacy/my-data-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Your data', noIndex: true });

export default function MyDataRoute() {
  usePageTitle(PAGE_TITLES.myData);
  return <MyDataPage />;
}
