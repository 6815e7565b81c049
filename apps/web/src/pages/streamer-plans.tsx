import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { StreamerPlansPage } from '../features/plans/streamer-plans-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Plans · ${params.slug ?? ''}`, noIndex: true });

/** `/dashboard/:slug/plans`: the page's plans, buying one, and a checkout's result. */
export default function StreamerPlansRoute() {
  const { slug = '' } = useParams();
  return <StreamerPlansPage slug={slug} />;
}
