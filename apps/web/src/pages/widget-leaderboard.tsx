import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { WidgetPage } from '../features/widgets/widget-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Leaderboard widget · ${params.slug ?? ''}`, noIndex: true });

export default function WidgetLeaderboardRoute() {
  const { slug = '' } = useParams();
  return <WidgetPage slug={slug} kind="leaderboard" />;
}
