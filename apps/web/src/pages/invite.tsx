import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { InvitePage } from '../features/invite/invite-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Join Shabaash', noIndex: true });

export default function InviteRoute() {
  const { code = '' } = useParams();
  return <InvitePage code={code} />;
}
