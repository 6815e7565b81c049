import { AlertTriangle, RotateCw } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { DASHBOARD_TEXT } from '../dashboard.constants';
import { DashboardMessage } from './dashboard-message';

/** Spec 02 §8 'Failed to load dashboard data.', with a retry. */
export function LoadErrorMessage({
  onRetry,
  isRetrying,
}: {
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <DashboardMessage
      icon={AlertTriangle}
      title={DASHBOARD_TEXT.loadErrorTitle}
      description={DASHBOARD_TEXT.loadErrorText}
    >
      <Button onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className="size-4" />
        {isRetrying ? DASHBOARD_TEXT.retrying : DASHBOARD_TEXT.retry}
      </Button>
    </DashboardMessage>
  );
}
