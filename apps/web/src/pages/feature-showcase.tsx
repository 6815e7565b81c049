import type { MetaFunction } from 'react-router';

import { FeatureShowcasePage } from '../features/marketing/feature-showcase-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Features',
    description:
      'UPI payments, live OBS alerts, voice messages, HyperEmotes and a creator dashboard: a tour of what Shabaash does.',
    path: '/feature-showcase',
  });

export default FeatureShowcasePage;
