import { RefreshCw } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DASHBOARD_TEXT } from '../dashboard.constants';

/** Refresh Data (spec 02 §2): reloads stats, lists, tokens and moderators. */
export function RefreshDataButton({
  onRefresh,
  isRefreshing,
}: {
  onRefresh: () => void;
  isRefreshing: boolean;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onRefresh} disabled={isRefreshing}>
      <RefreshCw
        aria-hidden="true"
        className={cn('size-4', isRefreshing && 'motion-safe:animate-spin')}
      />
      {isRefreshing ? DASHBOARD_TEXT.refreshingData : DASHBOARD_TEXT.refreshData}
    </Button>
  );
}
