import type { MetaFunction } from 'react-router';

import { FeatureShowcasePage } from '../features/marketing/feature-showcase-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({
    title: 'Features',
    description:
      'UPI payments, live OBS alerts, voice messages, hyperemotes and a creator dashboard: see what Shabaash does.',
  });

export default FeatureShowcasePage;
