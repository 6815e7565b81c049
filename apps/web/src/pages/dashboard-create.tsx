import type { MetaFunction } from 'react-router';

import { CreatePagePage } from '../features/onboarding/create-page-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Create your page', noIndex: true });

export default function CreatePageRoute() {
  usePageTitle(PAGE_TITLES.createPage);
  return <CreatePagePage />;
}
