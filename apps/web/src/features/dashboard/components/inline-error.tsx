import { AlertTriangle, RotateCw } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** A failed load inside the dashboard: what failed, and a retry. */
export function InlineError({
  message,
  retryLabel,
  onRetry,
  isRetrying = false,
  className,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className={cn('size-4', isRetrying && 'animate-spin')} />
        {retryLabel}
      </Button>
    </div>
  );
}
