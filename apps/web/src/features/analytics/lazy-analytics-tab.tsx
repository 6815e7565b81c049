import { lazy, Suspense } from 'react';

import { Spinner } from '../../components/ui/spinner';
import { ANALYTICS_TEXT } from './analytics.constants';

// Its own chunk: the chart library comes with it, only when the tab is opened.
const AnalyticsTab = lazy(() => import('./analytics-tab'));

/** The Analytics tab, loaded on first open. */
export function LazyAnalyticsTab({ slug }: { slug: string }) {
  return (
    <Suspense fallback={<Spinner label={ANALYTICS_TEXT.chartsLoading} />}>
      <AnalyticsTab slug={slug} />
    </Suspense>
  );
}
