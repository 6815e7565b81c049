import type { MetaFunction } from 'react-router';

import { CancellationRefundsPage } from '../features/legal/legal-pages';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({
    title: 'Cancellation & Refunds',
    description: 'The Shabaash cancellation and refund policy.',
  });

export default CancellationRefundsPage;
