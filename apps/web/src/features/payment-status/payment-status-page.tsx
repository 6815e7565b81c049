import { useSearchParams } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { ComingSoon } from '../../components/coming-soon';

// TODO(payments issue): the payment status page of spec 02 §2 and §4 — spinner, Payment
// Successful! / Pending / Failed from GET /api/orders/:orderId/status (the server's answer wins
// over ?status=), order details, Back to Donation Page and Refresh Status.
export function PaymentStatusPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order_id');

  return (
    <CenteredPage>
      <ComingSoon
        title="Payment status"
        description="This page will show whether your tip went through."
      >
        {orderId ? (
          <p className="mt-4 text-sm break-all text-slate-500">
            Order <span className="font-mono text-slate-700">{orderId}</span>
          </p>
        ) : null}
      </ComingSoon>
    </CenteredPage>
  );
}
