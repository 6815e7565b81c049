import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { StreamerPlansPage } from '../features/plans/streamer-plans-page';
import { PAGE_TITLES, usePageTitle } from '../features/dashboard/page-titles';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Plans · ${params.slug ?? ''}`, noIndex: true });

/** `/dashboard/:slug/plans`: the page's plans, buying one, and a checkout's result. */
export default function StreamerPlansRoute() {
  const { slug = '' } = useParams();
  usePageTitle(PAGE_TITLES.plans(slug));
  return <StreamerPlansPage slug={slug} />;
}
