import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { StreamerDashboardPage } from '../features/dashboard/streamer-dashboard-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Activity · ${params.slug ?? ''}`, noIndex: true });

/** `/dashboard/:slug/activity`: the activity feed and stream controls, sized for a phone. */
export default function StreamerActivityRoute() {
  const { slug = '' } = useParams();
  usePageTitle(PAGE_TITLES.activity(slug));
  return <StreamerDashboardPage slug={slug} view="activity" />;
}
