import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { WidgetPage } from '../features/widgets/widget-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Recent supporters widget · ${params.slug ?? ''}`, noIndex: true });

export default function WidgetRecentRoute() {
  const { slug = '' } = useParams();
  return <WidgetPage slug={slug} kind="recent" />;
}
