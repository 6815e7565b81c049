import type { MetaFunction } from 'react-router';

import { PaymentStatusPage } from '../features/payment-status/payment-status-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Payment status', noIndex: true });

export default PaymentStatusPage;
