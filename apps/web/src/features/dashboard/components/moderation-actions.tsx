import { Check, X } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { DONATIONS_TEXT } from '../dashboard.constants';
import { useModerateDonation } from '../use-dashboard-mutations';

/** Approve / Reject on a pending donation; the first decision wins (409 for the other). */
export function ModerationActions({ slug, donationId }: { slug: string; donationId: string }) {
  const moderate = useModerateDonation(slug);
  const deciding = moderate.isPending ? moderate.variables.decision : null;

  return (
    <div className="grid grid-cols-2 gap-2 sm:flex">
      <Button
        size="sm"
        disabled={deciding !== null}
        onClick={() => moderate.mutate({ id: donationId, decision: 'approve' })}
      >
        <Check aria-hidden="true" className="size-4" />
        {deciding === 'approve' ? DONATIONS_TEXT.approving : DONATIONS_TEXT.approve}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={deciding !== null}
        onClick={() => moderate.mutate({ id: donationId, decision: 'reject' })}
      >
        <X aria-hidden="true" className="size-4" />
        {deciding === 'reject' ? DONATIONS_TEXT.rejecting : DONATIONS_TEXT.reject}
      </Button>
    </div>
  );
}
