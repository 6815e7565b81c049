import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { StreamerDashboardPage } from '../features/dashboard/streamer-dashboard-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Dashboard · ${params.slug ?? ''}`, noIndex: true });

export default function StreamerDashboardRoute() {
  const { slug = '' } = useParams();
  return <StreamerDashboardPage slug={slug} />;
}
