import type { MetaFunction } from 'react-router';

import { ShippingPage } from '../features/legal/shipping-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Support',
    description:
      'Shabaash services are digital and delivered instantly, so nothing ships. Here is how to get help.',
    path: '/shipping',
  });

export default ShippingPage;
