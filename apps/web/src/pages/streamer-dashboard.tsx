import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { StreamerDashboardPage } from '../features/dashboard/streamer-dashboard-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Dashboard · ${params.slug ?? ''}`, noIndex: true });

export default function StreamerDashboardRoute() {
  const { slug = '' } = useParams();
  usePageTitle(PAGE_TITLES.streamerDashboard(slug));
  return <StreamerDashboardPage slug={slug} />;
}
