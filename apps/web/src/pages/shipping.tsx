import type { MetaFunction } from 'react-router';

import { ShippingPage } from '../features/legal/legal-pages';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({
    title: 'Support',
    description: 'Shabaash services are digital and delivered instantly. Here is how to get help.',
  });

export default ShippingPage;
