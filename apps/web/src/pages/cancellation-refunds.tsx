import type { MetaFunction } from 'react-router';

import { CancellationRefundsPage } from '../features/legal/cancellation-refunds-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Cancellation & Refunds',
    description:
      'The Shabaash cancellation and refund policy for tips and page plans, and how failed payments are handled.',
    path: '/cancellation-refunds',
  });

export default CancellationRefundsPage;
