import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { InvitePage } from '../features/invite/invite-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Join Shabaash', noIndex: true });

export default function InviteRoute() {
  const { code = '' } = useParams();
  usePageTitle(PAGE_TITLES.invite);
  return <InvitePage code={code} />;
}
